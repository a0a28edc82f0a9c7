// `@petstore/verify/model`: the reference model of the documented state rules and the sender it
// drives, shared by `verify()` (a backend behind a URL) and the conformance suite (the mock in process).

export {
  type ApiRequest,
  type ApiResponse,
  type SenderOptions,
  sender,
  type Target,
  type WireViolation,
} from "../http/target.js";
export { AffectsCheck, documentAffects, withoutEntry } from "./affects.js";
export type { AffectEntry, AffectsTable } from "./affects-table.js";
export { type Command, canonical, type Real } from "./command.js";
export { checked, commandArbitraries } from "./commands.js";
export { type Check, Failure } from "./failure.js";
export { checkInvariants, compareWithStore } from "./invariants.js";
export { Model, newScope, type Scope } from "./model.js";
export type { ObservedState } from "./observed.js";
export { ownRecords } from "./setup.js";
