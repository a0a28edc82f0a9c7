// fetch/: the mock over the Fetch API (Request in, Response out), for any runtime that has it.
export { createFetchHandler, type FetchHandler } from "./handler.js";
export { createPetstoreFetch, type PetstoreFetch, type PetstoreFetchOptions } from "./in-memory-fetch.js";
