import type { components } from "../generated/control/schema.js";
import type { SessionSummary as RegistrySummary, SessionResetTarget } from "../sessions/types.js";
import { inDocumentOrder } from "../store/record-order.js";
import type { StoreSnapshot } from "../store/store.js";

type ControlSchemas = components["schemas"];

/** A session's whole state as readable JSON: the body of `…/state` and the format of `--state` files. */
export type Snapshot = ControlSchemas["Snapshot"];
/** A live session and how many records of each kind it holds (`listSessions`, `resetSession`, `putSessionState`). */
export type SessionSummary = ControlSchemas["Session"];
/** What `resetSession` resets to: the server's start data (no body), a seed's demo data, or no records. */
export type ResetTarget = ControlSchemas["ResetTarget"];

/** True when two types are the same both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The registry's types are written by hand: these fail to compile when control.yaml and they part.
const summariesAgree: Same<SessionSummary, RegistrySummary> = true;
const resetTargetsAgree: Same<ResetTarget, SessionResetTarget> = true;
void summariesAgree;
void resetTargetsAgree;

// Typed by the document's single `enum` values, so a new format version fails to compile here.
const FORMAT: Snapshot["format"] = "petstore-snapshot";
const VERSION: Snapshot["version"] = 1;

/** One past the highest id of `records` (1 when there are none): where a collection goes on by default. */
const afterHighest = (ids: readonly number[]) => ids.reduce((highest, id) => Math.max(highest, id), 0) + 1;

const ascending = <T>(records: readonly T[], idOf: (record: T) => number): T[] =>
  records.map((record) => ({ ...record })).sort((a, b) => idOf(a) - idOf(b));

/** The snapshot of a store's state, as the control API answers it and `--state` files hold it: records in the document's order. */
export function toSnapshot(state: StoreSnapshot): Snapshot {
  return {
    format: FORMAT,
    version: VERSION,
    categories: state.categories.records.map((record) => inDocumentOrder(record, "Category")),
    pets: state.pets.records.map((record) => inDocumentOrder(record, "Pet")),
    orders: state.orders.records.map((record) => inDocumentOrder(record, "Order")),
    inventory: state.inventory.records.map((record) => inDocumentOrder(record, "InventoryItem")),
    nextIds: {
      categories: state.categories.nextKey,
      pets: state.pets.nextKey,
      orders: state.orders.nextKey,
    },
  };
}

/**
 * The store's state of a snapshot that `checkSnapshot` accepted: records in ascending id order (a
 * person may list them in any), each collection's next id as given or one past its highest id.
 */
export function toStoreSnapshot(snapshot: Snapshot): StoreSnapshot {
  const next = snapshot.nextIds ?? {};
  const petIds = snapshot.pets.map((pet) => pet.id);
  return {
    categories: {
      records: ascending(snapshot.categories, (category) => category.id),
      nextKey: next.categories ?? afterHighest(snapshot.categories.map((category) => category.id)),
    },
    pets: { records: ascending(snapshot.pets, (pet) => pet.id), nextKey: next.pets ?? afterHighest(petIds) },
    orders: {
      records: ascending(snapshot.orders, (order) => order.id),
      nextKey: next.orders ?? afterHighest(snapshot.orders.map((order) => order.id)),
    },
    // Stock entries are keyed by their pet's id, which the pets table assigns.
    inventory: { records: ascending(snapshot.inventory, (item) => item.petId), nextKey: afterHighest(petIds) },
  };
}
