// devtools/: the inspector panel (development only): plain DOM in a shadow root, over the page's mock or a server.
export { STATE_CHANGE_EVENT } from "./context.js";
export { mountPetstoreDevtools, type PetstoreDevtools, type PetstoreDevtoolsOptions } from "./mount.js";
