// fetch/: the mock over the Fetch API (Request in, Response out), for any runtime that has it.

export {
  createPetstoreControl,
  type PetstoreControl,
  type PetstoreControlOptions,
  type PetstoreControlOutcomes,
  type PetstoreControlSession,
  type PetstoreSessionOutcomes,
} from "./control-client.js";
export { createFetchHandler, type FetchHandler } from "./handler.js";
export { createPetstoreFetch, type PetstoreFetch, type PetstoreFetchOptions } from "./in-memory-fetch.js";
