// node/: the mock on node:http: a request listener, a server, and the access policy they apply.
// (The state file is state/'s: re-exported here, it would load with every import of @petstore/mock/node.)
export { normalizeAllowedHost, normalizeCorsOrigin } from "../serve/access-policy.js";
export { REFERENCE_PATH } from "../serve/reference-route.js";
export {
  type CliOptions,
  HELP_HINT,
  parseOptions,
  SESSION_LIMIT_FLAGS,
  SHUTDOWN_GRACE_MS,
  UsageError,
} from "./cli-options.js";
export {
  CLI_VOICE,
  cliStartUpOptions,
  exposureWarning,
  listenFailure,
  readyLines,
  startDataTooLarge,
} from "./cli-start-up.js";
export { USAGE } from "./cli-usage.js";
export type {
  PetstoreServerOptions,
  RequestListenerOptions,
  RunningPetstoreServer,
} from "./options.js";
export { createRequestListener } from "./request-listener.js";
export { listenOnNode, startPetstoreServer } from "./server.js";
