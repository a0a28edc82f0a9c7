// serve/: the mock as a server over the Fetch API, with the standalone server's access rules, for any runtime.
export { createPetstoreFetchHandler, type PetstoreFetchHandler, type PetstoreFetchHandlerOptions } from "./handler.js";
