// @petstore/mock/deno: the mock served by Deno.serve, its data kept in a file if asked.
export { type PetstoreServeOptions, type ServedPetstoreMock, serveWithDeno } from "./runtimes/index.js";
