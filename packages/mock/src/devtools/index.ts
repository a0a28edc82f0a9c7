// devtools/: the inspector panel (development only): plain DOM in a shadow root, over the page's mock or a server.
export { STATE_CHANGE_EVENT } from "./context.js";
export { mountPetstoreDevtools } from "./mount.js";
export type { PetstoreDevtools, PetstoreDevtoolsOptions } from "./options.js";
