// standalone/: what every standalone server shares (the Node CLI, startPetstoreServer, serveWithDeno, serveWithBun):
// the one start-up (start data, state file, sessions, keys, the demo-key policy), their options and their result;
// and, for the Fetch API runtimes, the handler over the prepared mock.
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  type PetstoreRuntimeServerOptions,
  type PetstoreStandaloneOptions,
  type ServedPetstoreMock,
} from "./options.js";
export { type PreparedMock, prepareMock, servedMock } from "./prepare.js";
export { runtimeGlobal } from "./runtime-globals.js";
export type { StartData } from "./start-data.js";
export {
  finishState,
  optionsVoice,
  prepareStartUp,
  type StartUp,
  type StartUpOptions,
  type StartUpVoice,
} from "./start-up.js";
