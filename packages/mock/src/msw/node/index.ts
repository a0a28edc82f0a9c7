// msw/node/: the handlers in msw/node's setupServer.
export { type PetstoreServer, setupPetstoreServer } from "./setup-server.js";
