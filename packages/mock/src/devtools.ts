// @petstore/mock/devtools: the inspector panel for prototyping a UI on the mock. Load it in development only.
export {
  mountPetstoreDevtools,
  type PetstoreDevtools,
  type PetstoreDevtoolsOptions,
  STATE_CHANGE_EVENT,
} from "./devtools/index.js";
