// The environment-neutral surface of @petstore/mock: no Node or browser globals are touched on import.

export { createPetstoreHandlers } from "./adapters/create-handlers.js";
export { createPetstoreFetch, type PetstoreFetch, type PetstoreFetchOptions } from "./adapters/in-memory-fetch.js";
export type { PetstoreHandlers, PetstoreHandlersOptions } from "./adapters/msw-handlers.js";
export { type PetstoreStateOptions, petstoreState, type StoryMswContext } from "./adapters/story-state.js";
export {
  createPetstoreOverrides,
  type OverrideContext,
  type OverrideResolver,
  type PetstoreOverrides,
  type ReplyInit,
  type TypedReply,
} from "./adapters/typed-overrides.js";
export { createPetstoreApp, DEMO_API_KEY, type PetstoreApp, type PetstoreMockOptions } from "./app.js";
export { contract, operations } from "./generated/contract.js";
export type { ApiErrorBody } from "./http/errors.js";
export type { MockRequest, MockResponse } from "./http/types.js";
export { type ObservedExchange, observeResponses, type ResponseObserver } from "./observe.js";
export type { Category, InventoryItem, Order, Pet, PetStatus } from "./store/records.js";
export { type SeedOptions, type SeedSummary, seed } from "./store/seed.js";
export {
  createPetstoreStore,
  type PetstoreStore,
  type PetstoreStoreOptions,
  type StoreLimits,
  type StoreSnapshot,
} from "./store/store.js";
export type { Table } from "./store/table.js";

import type { PetstoreStore } from "./store/store.js";

/** Puts a store back to the state its last `seed()` left (empty if it was never seeded). */
export const reset = (store: PetstoreStore): Promise<void> => store.reset();
