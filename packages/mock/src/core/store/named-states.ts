// The named states: snapshots for the edge cases a UI meets, derived from the document (its maxima, read from
// the generated contract) and the state rules. Pure and synchronous: the same name and seed give the same
// snapshot, byte for byte in JSON, on every runtime. Selected by `namedState` (the adapters' options,
// `petstoreState`), `petstore-mock --named-state` and `POST /__petstore/sessions/{name}/reset`.
import type { components } from "../generated/control/schema.js";
import { type DemoRecords, demoRecords } from "./demo-records.js";
import { busyOrdersRecords, categoryInUseRecords, DEMO_PETS, soldOutRecords } from "./derived-states.js";
import { longTextRecords } from "./long-text-state.js";
import { assertNamedState, assertStateSeed, type NamedState } from "./named-state-names.js";
import type { StoreSnapshot } from "./store.js";

type Snapshot = components["schemas"]["Snapshot"];

export { NAMED_STATES, type NamedState } from "./named-state-names.js";

/** Pets of `many`: 100 pages at the default page size of 20, so page 40 exists. */
export const MANY_PETS = 2_000;

const EMPTY: DemoRecords = { categories: [], pets: [], orders: [], inventory: [] };

const RECORDS: Record<NamedState, (seed: number) => DemoRecords> = {
  /** The demo data, as `seed(store, { seed })` gives it: 6 categories, 20 pets, a few orders. */
  demo: (seed) => demoRecords(DEMO_PETS, seed),
  /** No records at all: the empty lists, the "add your first pet" screens. */
  empty: () => EMPTY,
  /**
   * Every category and pet name exactly as long as the document allows (and every category description),
   * in right-to-left Arabic and Hebrew, mixed directions, combining marks, emoji, CJK and an unbroken word.
   */
  "long-text": longTextRecords,
  /** Nothing can be ordered: every pet is sold, pending, or available with no stock (orders answer 409). */
  "sold-out": soldOutRecords,
  /** The demo data, and a pet in Reptiles too: every category has pets, so deleting any answers 409 CATEGORY_IN_USE. */
  "category-in-use": categoryInUseRecords,
  /** The demo data of 2,000 pets (500 orders): 100 pages of pets at the default page size. */
  many: (seed) => demoRecords(MANY_PETS, seed),
  /** 250 demo pets with 1,000 orders, open and complete, on most of them: long order lists. */
  "busy-orders": busyOrdersRecords,
};

const nextId = (records: readonly { id: number }[]) => (records.at(-1)?.id ?? 0) + 1;

/**
 * The snapshot of a named state (the format of `GET …/state` and `--state` files), valid by the checks
 * `PUT …/state` runs. `seed` (a whole number from 0 to 2^32 − 1, default 1) picks the pseudo-random choices:
 * names' order, statuses, stock, ship dates; never the size. Throws a TypeError for an unknown name.
 * @example
 * const snapshot = namedStateSnapshot("sold-out", { seed: 7 });
 */
export function namedStateSnapshot(name: NamedState, options: { seed?: number } = {}): Snapshot {
  assertNamedState(name);
  assertStateSeed(options.seed, "namedStateSnapshot()");
  const seed = options.seed ?? 1;
  const { categories, pets, orders, inventory } = RECORDS[name](seed);
  return {
    format: "petstore-snapshot",
    version: 1,
    categories,
    pets,
    orders,
    inventory,
    nextIds: { categories: nextId(categories), pets: nextId(pets), orders: nextId(orders) },
  };
}

/** A named state as a store holds it (`PetstoreStore.restore`): its records are in ascending id order already. */
export function namedStateStoreSnapshot(name: NamedState, options: { seed?: number } = {}): StoreSnapshot {
  const snapshot = namedStateSnapshot(name, options);
  const nextIds = snapshot.nextIds!;
  return {
    categories: { records: snapshot.categories, nextKey: nextIds.categories! },
    pets: { records: snapshot.pets, nextKey: nextIds.pets! },
    orders: { records: snapshot.orders, nextKey: nextIds.orders! },
    inventory: { records: snapshot.inventory, nextKey: nextIds.pets! },
  };
}
