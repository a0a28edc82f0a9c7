import { type ChangeQueue, changeQueue } from "./change-queue.js";
import { type StoreLimits, storeLimits } from "./limits.js";
import type { Category, InventoryItem, Pet, StoredOrder } from "./records.js";
import { resetPoint } from "./reset-point.js";
import { createStoreTables, loadableTables, type StoreSnapshot, snapshotOf } from "./store-tables.js";
import type { Table } from "./table.js";

export type { StoreLimits } from "./limits.js";
export { normalizeCategoryName, type StoreSnapshot } from "./store-tables.js";

export interface PetstoreStore {
  readonly categories: Table<Category, "id">;
  readonly pets: Table<Pet, "id">;
  readonly orders: Table<StoredOrder, "id">;
  readonly inventory: Table<InventoryItem, "petId">;
  /** A deep copy of every record, to `restore()` later. */
  snapshot(): StoreSnapshot;
  /** Puts every record back as it was in the snapshot. */
  restore(snapshot: StoreSnapshot): Promise<void>;
  /** Back to the state the last `seed()` left (or empty), for isolation between tests. */
  reset(): Promise<void>;
  /** Makes the current state the one `reset()` returns to; `seed()` calls it. */
  markBaseline(): void;
  /** The state `reset()` returns to (what the last `seed()` left), or undefined when it empties the store. */
  baseline(): StoreSnapshot | undefined;
  /**
   * Runs changes one at a time, so a check and the write that depends on it cannot interleave. The
   * app runs every operation through it; a change of yours queues behind requests in flight.
   */
  exclusive<T>(change: () => Promise<T> | T): Promise<T>;
  /**
   * Calls `listener` after each `exclusive` change that wrote to the store (a request's write, a
   * restore, a reset, a seed), before its response is sent; reads call nothing. Returns an unsubscribe.
   */
  onCommit(listener: () => void): () => void;
}

export interface PetstoreStoreOptions {
  /**
   * Lower caps on stored records than the document's, e.g. to test how a client handles
   * `507 STORAGE_FULL` without creating 100,000 pets. Each is a whole number from 0 to the
   * document's cap.
   */
  limits?: Partial<StoreLimits>;
}

/** Each store's change queue, for `exclusiveNow`. */
const queues = new WeakMap<PetstoreStore, ChangeQueue>();

/**
 * `store.exclusive(change)`, but with the result at once when the change runs at once and awaits nothing (the
 * app's reads): a store made by `createPetstoreStore`; any other (a wrapper) goes through its own `exclusive`.
 */
export function exclusiveNow<T>(store: PetstoreStore, change: () => Promise<T> | T): Promise<T> | T {
  const queue = queues.get(store);
  return queue === undefined ? store.exclusive(change) : queue.runNow(change);
}

/**
 * Creates an empty, isolated store: @msw/data collections of categories, pets, orders and stock,
 * each record checked against the document's schema. Two stores never share state.
 * @example
 * const store = createPetstoreStore();
 * await seed(store, { pets: 50 });
 */
export function createPetstoreStore(options: PetstoreStoreOptions = {}): PetstoreStore {
  const tables = createStoreTables(storeLimits(options.limits));
  const loadable = loadableTables(tables);
  const baseline = resetPoint(loadable);
  const changes = changeQueue(() => loadable.reduce((sum, { table }) => sum + table.writes, 0));
  const store: PetstoreStore = {
    ...tables,
    snapshot: () => snapshotOf(tables),
    restore: (snapshot) =>
      store.exclusive(async () => {
        for (const { load } of loadable) {
          await load(snapshot);
        }
      }),
    reset: () => store.exclusive(() => baseline.reset()),
    markBaseline: () => baseline.mark(store.snapshot()),
    baseline: () => baseline.snapshot(),
    exclusive: changes.run,
    onCommit: changes.onCommit,
  };
  queues.set(store, changes);
  return store;
}

/** Puts a store back to the state its last `seed()` left (empty if it was never seeded). */
export const reset = (store: PetstoreStore): Promise<void> => store.reset();
