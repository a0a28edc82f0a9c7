// The environment-neutral surface of @petstore/mock: no Node or browser globals are touched on import.

export { createPetstoreApp, DEMO_API_KEY, type PetstoreApp, type PetstoreMockOptions } from "./core/app.js";
export { contract, operations } from "./core/generated/contract.js";
export type { ApiErrorBody } from "./core/http/errors.js";
export type { MockRequest, MockResponse } from "./core/http/types.js";
export { type ObservedExchange, observeResponses, type ResponseObserver } from "./core/observe.js";
export type { Category, InventoryItem, Order, Pet, PetStatus } from "./core/store/records.js";
export { type SeedOptions, type SeedSummary, seed } from "./core/store/seed.js";
export {
  createPetstoreStore,
  type PetstoreStore,
  type PetstoreStoreOptions,
  type StoreLimits,
  type StoreSnapshot,
} from "./core/store/store.js";
export type { Table } from "./core/store/table.js";
export { createPetstoreFetch, type PetstoreFetch, type PetstoreFetchOptions } from "./fetch/in-memory-fetch.js";
export { createPetstoreHandlers } from "./msw/create-handlers.js";
export type { PetstoreHandlers, PetstoreHandlersOptions } from "./msw/handlers.js";
export { type PetstoreStateOptions, petstoreState, type StoryMswContext } from "./msw/story-state.js";
export {
  createPetstoreOverrides,
  type OverrideContext,
  type OverrideResolver,
  type PetstoreOverrides,
  type ReplyInit,
  type TypedReply,
} from "./msw/typed-overrides.js";

import type { PetstoreStore } from "./core/store/store.js";

/** Puts a store back to the state its last `seed()` left (empty if it was never seeded). */
export const reset = (store: PetstoreStore): Promise<void> => store.reset();
