import { Collection } from "@msw/data";
import type { CompiledValidator } from "../generated/validators.js";
import { type CollectionView, collectionView, type Records } from "./collection-view.js";
import type { PageSource } from "./page-query.js";
import { type KeyFunction, SecondaryIndexes } from "./secondary-indexes.js";
import type { SortedKeys } from "./sorted-keys.js";
import { standardSchema } from "./standard-schema.js";

/** A record as the collection stores it (with @msw/data's internal markers). */
type Stored<T> = ReturnType<Records<T>["all"]>[number];

/**
 * A table's records, kept in step in three places: the @msw/data collection (which checks each new
 * record against its schema and serves `collection` queries), a map by key in ascending key order,
 * and the secondary indexes. Writes here check no limits: the table does.
 */
export class IndexedRecords<T extends object> implements PageSource<T> {
  /** Read-only queries over the current collection. */
  readonly view: CollectionView<T>;
  readonly byKey: Map<number, Stored<T>> = new Map();
  readonly #indexes: SecondaryIndexes<T>;
  /** Replaced, not emptied, by `clear()`: the collection removes records one by one, each a scan of all. */
  #collection: Records<T>;
  readonly #createCollection: () => Records<T>;

  constructor(validator: CompiledValidator, indexes: Record<string, KeyFunction<T>> | undefined) {
    this.#indexes = new SecondaryIndexes(indexes);
    const schema = standardSchema<T>(validator);
    this.#createCollection = () => new Collection({ schema });
    this.#collection = this.#createCollection();
    this.view = collectionView(() => this.#collection);
  }

  keysWhere(name: string, value: string | number): SortedKeys {
    return this.#indexes.keysWhere(name, value);
  }

  /** Stores a new record under `key`; rejects, storing nothing, when the schema refuses it. */
  async add(key: number, record: T): Promise<T> {
    const stored = await this.#collection.create(record);
    this.byKey.set(key, stored);
    this.#indexes.file(stored, key);
    return stored;
  }

  /** Changes fields of the stored `record` in place (undefined removes one) and refiles it. */
  change(key: number, record: T, changes: Partial<T>): void {
    const before = this.#indexes.valuesOf(record);
    for (const field of Object.keys(changes) as (keyof T)[]) {
      if (changes[field] === undefined) {
        delete record[field];
      } else {
        record[field] = changes[field] as T[keyof T];
      }
    }
    this.#indexes.refile(before, record, key);
  }

  delete(key: number): void {
    const stored = this.byKey.get(key);
    if (stored) {
      this.#indexes.unfile(stored, key);
      this.byKey.delete(key);
      this.#collection.delete(stored);
    }
  }

  /**
   * Empties all three in time proportional to the records: a new collection and new indexes, since
   * the collection's own `clear()` deletes records one by one, each a scan of all (quadratic).
   */
  clear(): void {
    this.#collection = this.#createCollection();
    this.byKey.clear();
    this.#indexes.clear();
  }
}
