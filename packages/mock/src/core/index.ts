// core/: the runtime-neutral mock: the app (routing, validation, the store lock), request plumbing,
// the store, the operations and the generated tables. It imports no other folder of src/.
export { createPetstoreApp, DEMO_API_KEY, type PetstoreApp, type PetstoreMockOptions } from "./app.js";
export { checkSnapshot, readSnapshot } from "./control/check-snapshot.js";
export {
  CONTROL_PREFIX,
  type ControlHandler,
  type ControlHandlerOptions,
  createControlHandler,
} from "./control/handler.js";
export type { RecordChange } from "./control/record-changes.js";
export { type Snapshot, toSnapshot, toStoreSnapshot } from "./control/snapshot.js";
export { contract, operations } from "./generated/contract.js";
export type { RequestHead } from "./http/body-gate.js";
export { type ApiErrorBody, MockApiError } from "./http/errors.js";
export type { MockRequest, MockResponse } from "./http/types.js";
export type { ExchangeObserver, InspectedExchange, PetstoreExchange } from "./inspect/exchanges.js";
export type { PetstoreScenarios, Scenario, ScenarioChoice, ScenarioTimes } from "./inspect/scenarios.js";
export type { NamedStateOption } from "./mock-options.js";
export { type ObservedExchange, observeResponses, type ResponseObserver } from "./observe.js";
export { createPetstoreSessions } from "./sessions/registry.js";
export {
  DEFAULT_SESSION_LIMITS,
  type SessionLimitNames,
  type SessionLimits,
} from "./sessions/session-limits.js";
export { DEFAULT_SESSION } from "./sessions/session-name.js";
export type {
  PetstoreSessions,
  PetstoreSessionsOptions,
  SessionResetTarget,
  SessionSummary,
} from "./sessions/types.js";
export { fillWithNamedState } from "./start-from.js";
export { NAMED_STATES, type NamedState } from "./store/named-state-names.js";
export { namedStateSnapshot } from "./store/named-states.js";
export type { Category, InventoryItem, Pet, PetStatus, StoredOrder } from "./store/records.js";
export { type SeedOptions, type SeedSummary, seed } from "./store/seed.js";
export {
  createPetstoreStore,
  type PetstoreStore,
  type PetstoreStoreOptions,
  reset,
  type StoreLimits,
  type StoreSnapshot,
} from "./store/store.js";
export type { Table } from "./store/table.js";
