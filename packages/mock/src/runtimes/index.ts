// runtimes/: the mock served by Deno (Deno.serve) and Bun (Bun.serve) over serve/'s Fetch handler, with the
// state file of state/.
export { serveWithBun } from "./bun.js";
export { serveWithDeno } from "./deno.js";
export { DEFAULT_RUNTIME_PORT, type PetstoreServeOptions, type ServedPetstoreMock } from "./options.js";
