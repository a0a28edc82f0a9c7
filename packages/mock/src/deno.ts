// @petstore/mock/deno: the mock served by Deno.serve, its data kept in a file if asked.
export { serveWithDeno } from "./deno/index.js";
export type { PetstoreRuntimeServerOptions, ServedPetstoreMock } from "./standalone/index.js";
