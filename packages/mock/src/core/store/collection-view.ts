import type { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { recordSymbols } from "./record-symbols.js";

/** A table's @msw/data collection of records of type T. */
export type Records<T> = Collection<StandardSchemaV1<T, T>>;

/**
 * The reads of an @msw/data collection, for queries in tests. Its writes are left out: they would
 * bypass the table's indexes, so every write goes through the table's `insert`, `update` and
 * `remove`.
 */
export type CollectionView<T> = Pick<Records<T>, "findFirst" | "findMany" | "count" | "all">;

/**
 * The @msw/data collection behind a table's `collection` view, brought up to date with the table's records when
 * the view is read, not when the table is written: a write costs the table's map and indexes only. The collection
 * holds the table's own record objects (an update in place shows in both), each marked as @msw/data marks the
 * records it creates (a primary key, a relation map) the first time the view shows it.
 */
export class CollectionMirror<T extends object> {
  /** Read-only queries over the current records. */
  readonly view: CollectionView<T>;
  #collection: Records<T> | undefined;
  /** The collection's records are not the table's (a removal, a clear, never read): refilled on the next read. */
  #refill = true;
  /** The records added since the collection last matched the table, appended on the next read. */
  #added: T[] = [];
  readonly #records: () => Iterable<T>;
  readonly #create: () => Records<T>;

  /** `records`: the table's records in its order; `create`: a new, empty collection. */
  constructor(records: () => Iterable<T>, create: () => Records<T>) {
    this.#records = records;
    this.#create = create;
    this.view = collectionView(() => this.#current());
  }

  added(record: T): void {
    if (!this.#refill) {
      this.#added.push(record);
    }
  }

  /** A record was removed, or all were: the collection is refilled on the next read. */
  removed(): void {
    this.#refill = true;
    this.#added = [];
  }

  /** The collection, with the table's records in the table's order. */
  #current(): Records<T> {
    this.#collection ??= this.#create();
    const collection = this.#collection;
    if (!this.#refill && this.#added.length === 0) {
      return collection;
    }
    // `all()` is the collection's own array of records (@msw/data keeps the references, for its queries).
    const held = collection.all();
    if (this.#refill) {
      held.length = 0;
    }
    const { primaryKey, relationMap } = recordSymbols();
    for (const record of this.#refill ? this.#records() : this.#added) {
      if (!Object.hasOwn(record, primaryKey)) {
        Object.defineProperties(record, {
          [primaryKey]: { value: crypto.randomUUID(), enumerable: false, configurable: false },
          [relationMap]: { value: new Map(), enumerable: false, configurable: false },
        });
      }
      held.push(record as (typeof held)[number]);
    }
    this.#refill = false;
    this.#added = [];
    return collection;
  }
}

/**
 * A frozen object of reads of the current collection, so that no write is reachable from it, even
 * from JavaScript, and it stays valid when the table's records change.
 */
function collectionView<T>(records: () => Records<T>): CollectionView<T> {
  return Object.freeze({
    findFirst: ((...args: Parameters<Records<T>["findFirst"]>) =>
      records().findFirst(...args)) as Records<T>["findFirst"],
    findMany: ((...args: Parameters<Records<T>["findMany"]>) => records().findMany(...args)) as Records<T>["findMany"],
    count: () => records().count(),
    // A copy: the collection hands out its own array.
    all: () => records().all().slice(),
  });
}
