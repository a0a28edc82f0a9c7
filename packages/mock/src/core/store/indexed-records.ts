import { Collection } from "@msw/data";
import type { CompiledValidator } from "../generated/validators.js";
import { type CollectionView, collectionView, type Records } from "./collection-view.js";
import type { PageSource } from "./page-query.js";
import { SortedKeys } from "./sorted-keys.js";
import { standardSchema } from "./standard-schema.js";

/** What a record is filed under in one index, or undefined to leave it out of that index. */
export type KeyFunction<T> = (record: T) => string | number | undefined;
type IndexValue = string | number | undefined;
/** A record as the collection stores it (with @msw/data's internal markers). */
type Stored<T> = ReturnType<Records<T>["all"]>[number];

const EMPTY = new SortedKeys();

/**
 * A table's records, kept in step in three places: the @msw/data collection (which checks each new
 * record against its schema and serves `collection` queries), a map by key in ascending key order,
 * and the secondary indexes: for each index function, the keys of the records filed under each value
 * it returns, so a filtered read costs the records that match, not the whole table. Writes here check
 * no limits: the table does.
 */
export class IndexedRecords<T extends object> implements PageSource<T> {
  /** Read-only queries over the current collection. */
  readonly view: CollectionView<T>;
  readonly byKey: Map<number, Stored<T>> = new Map();
  readonly #functions: Record<string, KeyFunction<T>>;
  readonly #indexes = new Map<string, Map<string | number, SortedKeys>>();
  /** Replaced, not emptied, by `clear()`: the collection removes records one by one, each a scan of all. */
  #collection: Records<T>;
  readonly #createCollection: () => Records<T>;

  constructor(validator: CompiledValidator, indexes: Record<string, KeyFunction<T>> = {}) {
    this.#functions = indexes;
    for (const name of Object.keys(indexes)) {
      this.#indexes.set(name, new Map());
    }
    const schema = standardSchema<T>(validator);
    this.#createCollection = () => new Collection({ schema });
    this.#collection = this.#createCollection();
    this.view = collectionView(() => this.#collection);
  }

  /** The keys filed under `value` in the index `name`, in ascending order. */
  keysWhere(name: string, value: string | number): SortedKeys {
    return this.#indexes.get(name)?.get(value) ?? EMPTY;
  }

  /** Stores a new record under `key`; rejects, storing nothing, when the schema refuses it. */
  async add(key: number, record: T): Promise<T> {
    const stored = await this.#collection.create(record);
    this.byKey.set(key, stored);
    for (const [name, value] of this.#valuesOf(stored)) {
      this.#file(name, value, key);
    }
    return stored;
  }

  /** Changes fields of the stored `record` in place (undefined removes one), moving it in the indexes whose value changed. */
  change(key: number, record: T, changes: Partial<T>): void {
    const before = this.#valuesOf(record);
    for (const field of Object.keys(changes) as (keyof T)[]) {
      if (changes[field] === undefined) {
        delete record[field];
      } else {
        record[field] = changes[field] as T[keyof T];
      }
    }
    this.#valuesOf(record).forEach(([name, value], at) => {
      if (before[at]![1] !== value) {
        this.#unfile(name, before[at]![1], key);
        this.#file(name, value, key);
      }
    });
  }

  delete(key: number): void {
    const stored = this.byKey.get(key);
    if (stored) {
      for (const [name, value] of this.#valuesOf(stored)) {
        this.#unfile(name, value, key);
      }
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
    for (const index of this.#indexes.values()) {
      index.clear();
    }
  }

  /** What `record` is filed under in each index, in the order of the index functions. */
  #valuesOf(record: T): [name: string, value: IndexValue][] {
    return Object.entries(this.#functions).map(([name, keyFunction]) => [name, keyFunction(record)]);
  }

  #file(name: string, value: IndexValue, key: number): void {
    if (value === undefined) {
      return;
    }
    const index = this.#indexes.get(name)!;
    const keys = index.get(value) ?? new SortedKeys();
    index.set(value, keys);
    keys.add(key);
  }

  #unfile(name: string, value: IndexValue, key: number): void {
    const index = this.#indexes.get(name)!;
    const keys = value === undefined ? undefined : index.get(value);
    keys?.delete(key);
    if (keys?.size === 0) {
      index.delete(value!);
    }
  }
}
