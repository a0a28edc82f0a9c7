// standalone/: what the standalone servers on Fetch API runtimes (deno/, bun/) share: the mock prepared with its
// state file and the built reference, the options and the result of serveWithDeno and serveWithBun.
export { DEFAULT_RUNTIME_PORT, type PetstoreRuntimeServerOptions, type ServedPetstoreMock } from "./options.js";
export { finishState, prepareMock, servedMock } from "./prepare.js";
export { runtimeGlobal } from "./runtime-globals.js";
