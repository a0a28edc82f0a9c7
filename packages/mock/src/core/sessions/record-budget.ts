import type { PetstoreStore, StoreSnapshot } from "../store/store.js";
import type { SharedCapacity } from "../store/table.js";

/** The counted records of a store or a snapshot: categories, pets and orders (stock entries follow pets). */
export const recordsOfStore = (store: PetstoreStore) => store.categories.size + store.pets.size + store.orders.size;
export const recordsOfSnapshot = (snapshot: StoreSnapshot | undefined) =>
  snapshot ? snapshot.categories.records.length + snapshot.pets.records.length + snapshot.orders.records.length : 0;

/**
 * The records of all sessions together, bounded: the tables of every session's store draw from it.
 * It counts by reading the tables' sizes (a few dozen additions, on creates only), so emptying or
 * restoring a store needs no bookkeeping.
 */
export class RecordBudget implements SharedCapacity {
  readonly #stores = new Set<PetstoreStore>();
  #reserved = 0;

  constructor(
    readonly max: number,
    readonly refusal: () => Error,
  ) {}

  get used(): number {
    let used = this.#reserved;
    for (const store of this.#stores) {
      used += recordsOfStore(store);
    }
    return used;
  }

  get isFull(): boolean {
    return this.used >= this.max;
  }

  /** Whether `count` more records fit (e.g. a new session's start data). */
  fits(count: number): boolean {
    return this.used + count <= this.max;
  }

  reserve(count = 1): () => void {
    this.#reserved += count;
    let released = false;
    return () => {
      if (!released) {
        released = true;
        this.#reserved -= count;
      }
    };
  }

  join(store: PetstoreStore): void {
    this.#stores.add(store);
    for (const table of [store.categories, store.pets, store.orders]) {
      table.sharedCapacity = this;
    }
  }

  leave(store: PetstoreStore): void {
    this.#stores.delete(store);
    for (const table of [store.categories, store.pets, store.orders]) {
      table.sharedCapacity = undefined;
    }
  }
}
