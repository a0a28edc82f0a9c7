// @petstore/mock/bun: the mock served by Bun.serve, its data kept in a file if asked.
export { type PetstoreServeOptions, type ServedPetstoreMock, serveWithBun } from "./runtimes/index.js";
