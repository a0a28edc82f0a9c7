import * as validators from "../generated/validators.js";
import { type StoreLimits, storeLimits } from "./limits.js";
import type { Category, InventoryItem, Pet, StoredOrder } from "./records.js";
import { Table } from "./table.js";

export type { StoreLimits } from "./limits.js";

/** Category names are unique compared case-insensitively, after trimming. */
export const normalizeCategoryName = (name: string) => name.trim().toLowerCase();

export interface StoreSnapshot {
  readonly categories: ReturnType<Table<Category>["dump"]>;
  readonly pets: ReturnType<Table<Pet>["dump"]>;
  readonly orders: ReturnType<Table<StoredOrder>["dump"]>;
  readonly inventory: ReturnType<Table<InventoryItem>["dump"]>;
}

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

/**
 * Creates an empty, isolated store: @msw/data collections of categories, pets, orders and stock,
 * each record checked against the document's schema. Two stores never share state.
 * @example
 * const store = createPetstoreStore();
 * await seed(store, { pets: 50 });
 */
export function createPetstoreStore(options: PetstoreStoreOptions = {}): PetstoreStore {
  const limits = storeLimits(options.limits);
  const categories = new Table<Category, "id">({
    name: "category",
    validator: validators.CategoryRecord,
    key: "id",
    indexes: { name: (category) => normalizeCategoryName(category.name) },
    capacity: limits.maxCategories,
  });
  const pets = new Table<Pet, "id">({
    name: "pet",
    validator: validators.PetRecord,
    key: "id",
    indexes: { status: (pet) => pet.status, categoryId: (pet) => pet.categoryId },
    capacity: limits.maxPets,
  });
  const orders = new Table<StoredOrder, "id">({
    name: "order",
    validator: validators.OrderRecord,
    key: "id",
    indexes: {
      petId: (order) => order.petId,
      complete: (order) => String(order.complete),
      openPetId: (order) => (order.complete ? undefined : order.petId),
    },
    capacity: limits.maxOrders,
  });
  const inventory = new Table<InventoryItem, "petId">({
    name: "inventory entry",
    validator: validators.InventoryItemRecord,
    key: "petId",
    indexes: { status: (item) => item.status },
  });

  let baseline: StoreSnapshot | undefined;
  /** Each table's write count when it last held the baseline (or was emptied): reset() skips it until written. */
  let writesAtBaseline: number[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const tables = [categories, pets, orders, inventory];
  const loaders = [
    (snapshot: StoreSnapshot) => categories.load(snapshot.categories),
    (snapshot: StoreSnapshot) => pets.load(snapshot.pets),
    (snapshot: StoreSnapshot) => orders.load(snapshot.orders),
    (snapshot: StoreSnapshot) => inventory.load(snapshot.inventory),
  ];
  const writes = () => tables.reduce((sum, table) => sum + table.writes, 0);
  const commitListeners = new Set<() => void>();
  /** Runs a change, then tells the commit listeners if it wrote anything (even if it then failed). */
  const runChange = async <T>(change: () => Promise<T> | T): Promise<T> => {
    const before = writes();
    try {
      return await change();
    } finally {
      if (commitListeners.size && writes() !== before) {
        for (const listener of commitListeners) {
          listener();
        }
      }
    }
  };

  const store: PetstoreStore = {
    categories,
    pets,
    orders,
    inventory,
    snapshot: () => ({
      categories: categories.dump(),
      pets: pets.dump(),
      orders: orders.dump(),
      inventory: inventory.dump(),
    }),
    restore: (snapshot) =>
      store.exclusive(async () => {
        for (const load of loaders) {
          await load(snapshot);
        }
      }),
    reset: () =>
      store.exclusive(async () => {
        for (const [index, table] of tables.entries()) {
          // Undone record by record when few changed, else put back whole.
          if (table.writes !== writesAtBaseline[index] && !(await table.rollback())) {
            await (baseline ? loaders[index]!(baseline) : table.clear());
            table.markClean();
          }
          writesAtBaseline[index] = table.writes;
        }
      }),
    markBaseline: () => {
      baseline = store.snapshot();
      writesAtBaseline = tables.map((table) => {
        table.markClean();
        return table.writes;
      });
    },
    baseline: () => baseline,
    exclusive: <T>(change: () => Promise<T> | T): Promise<T> => {
      const result = queue.then(() => runChange(change));
      queue = result.catch(() => undefined);
      return result;
    },
    onCommit: (listener) => {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
  };
  return store;
}

/** Puts a store back to the state its last `seed()` left (empty if it was never seeded). */
export const reset = (store: PetstoreStore): Promise<void> => store.reset();
