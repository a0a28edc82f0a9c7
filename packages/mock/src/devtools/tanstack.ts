// @petstore/mock/devtools/tanstack: the inspector panel as a TanStack Devtools plugin. Load it in development only.

export { STATE_CHANGE_EVENT } from "./context.js";
export {
  type PetstoreDevtoolsPlugin,
  type PetstoreDevtoolsPluginOptions,
  type PetstoreDevtoolsPluginProps,
  petstoreDevtoolsPlugin,
} from "./tanstack-plugin.js";
