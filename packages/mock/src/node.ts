// @petstore/mock/node: the mock inside Node test runners (msw/node) and as an HTTP server.
export { type PetstoreServer, setupPetstoreServer } from "./msw/node/index.js";
export {
  createRequestListener,
  type PetstoreServerOptions,
  type RunningPetstoreServer,
  startPetstoreServer,
} from "./node/index.js";
