// @petstore/mock/bun: the mock served by Bun.serve, its data kept in a file if asked.
export { serveWithBun } from "./bun/index.js";
export type { PetstoreRuntimeServerOptions, ServedPetstoreMock } from "./standalone/index.js";
