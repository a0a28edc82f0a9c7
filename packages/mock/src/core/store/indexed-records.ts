import { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { CompiledValidator } from "../generated/validators.js";
import { CollectionMirror, type CollectionView } from "./collection-view.js";
import type { PageSource } from "./page-query.js";
import { checkedNewRecord } from "./record-check.js";
import { SortedKeys } from "./sorted-keys.js";
import { standardSchema } from "./standard-schema.js";

/** What a record is filed under in one index, or undefined to leave it out of that index. */
export type KeyFunction<T> = (record: T) => string | number | undefined;
type IndexValue = string | number | undefined;

const EMPTY = new SortedKeys();

/**
 * A table's records: a map by key in ascending key order, and the secondary indexes: for each index
 * function, the keys of the records filed under each value it returns, so a filtered read costs the
 * records that match, not the whole table. Each new record is checked against its schema as @msw/data
 * checks one; the @msw/data collection that serves `collection` queries is brought up to date when
 * they are made (`CollectionMirror`), so a write costs no more than the map and the indexes. Writes
 * here check no limits: the table does.
 */
export class IndexedRecords<T extends object> implements PageSource<T> {
  /** Read-only queries over the current collection. */
  readonly view: CollectionView<T>;
  readonly byKey: Map<number, T> = new Map();
  readonly #functions: Record<string, KeyFunction<T>>;
  readonly #indexes = new Map<string, Map<string | number, SortedKeys>>();
  readonly #schema: StandardSchemaV1<T, T>;
  readonly #mirror: CollectionMirror<T>;

  constructor(validator: CompiledValidator, indexes: Record<string, KeyFunction<T>> = {}) {
    this.#functions = indexes;
    for (const name of Object.keys(indexes)) {
      this.#indexes.set(name, new Map());
    }
    const schema = standardSchema<T>(validator);
    this.#schema = schema;
    this.#mirror = new CollectionMirror(
      () => this.byKey.values(),
      () => new Collection({ schema }),
    );
    this.view = this.#mirror.view;
  }

  /** The keys filed under `value` in the index `name`, in ascending order. */
  keysWhere(name: string, value: string | number): SortedKeys {
    return this.#indexes.get(name)?.get(value) ?? EMPTY;
  }

  /** Stores a new record (a fresh object) under `key`; throws, storing nothing, when the schema refuses it. */
  add(key: number, record: T): T {
    const stored = checkedNewRecord(this.#schema, record);
    this.byKey.set(key, stored);
    this.#mirror.added(stored);
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
      this.#mirror.removed();
    }
  }

  /** Empties the map and the indexes (and the collection, on its next read) in time proportional to the records. */
  clear(): void {
    this.#mirror.removed();
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
