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
  readonly #indexes = new Map<string, Map<string | number, SortedKeys>>();
  /** Each index: its function, and the keys filed under each value. */
  readonly #list: { readonly keyOf: KeyFunction<T>; readonly keys: Map<string | number, SortedKeys> }[] = [];
  /** Each index's value for a record before a change (`change`): one array for every change. */
  readonly #before: IndexValue[] = [];
  readonly #schema: StandardSchemaV1<T, T>;
  readonly #mirror: CollectionMirror<T>;

  constructor(validator: CompiledValidator, indexes: Record<string, KeyFunction<T>> = {}) {
    for (const [name, keyOf] of Object.entries(indexes)) {
      const keys = new Map<string | number, SortedKeys>();
      this.#indexes.set(name, keys);
      this.#list.push({ keyOf, keys });
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
    for (const index of this.#list) {
      file(index.keys, index.keyOf(stored), key);
    }
    return stored;
  }

  /** Changes fields of the stored `record` in place (undefined removes one), moving it in the indexes whose value changed. */
  change(key: number, record: T, changes: Partial<T>): void {
    const before = this.#before;
    const list = this.#list;
    for (let at = 0; at < list.length; at++) {
      before[at] = list[at]!.keyOf(record);
    }
    for (const field in changes) {
      if (changes[field] === undefined) {
        delete record[field];
      } else {
        record[field] = changes[field] as T[typeof field];
      }
    }
    for (let at = 0; at < list.length; at++) {
      const { keyOf, keys } = list[at]!;
      const value = keyOf(record);
      if (before[at] !== value) {
        unfile(keys, before[at], key);
        file(keys, value, key);
      }
    }
  }

  delete(key: number): void {
    const stored = this.byKey.get(key);
    if (stored) {
      for (const index of this.#list) {
        unfile(index.keys, index.keyOf(stored), key);
      }
      this.byKey.delete(key);
      this.#mirror.removed();
    }
  }

  /** Empties the map and the indexes (and the collection, on its next read) in time proportional to the records. */
  clear(): void {
    this.#mirror.removed();
    this.byKey.clear();
    for (const index of this.#list) {
      index.keys.clear();
    }
  }
}

/** Files `key` under `value` in one index (nothing when the value is undefined). */
function file(index: Map<string | number, SortedKeys>, value: IndexValue, key: number): void {
  if (value === undefined) {
    return;
  }
  const keys = index.get(value);
  if (keys === undefined) {
    const created = new SortedKeys();
    created.add(key);
    index.set(value, created);
  } else {
    keys.add(key);
  }
}

function unfile(index: Map<string | number, SortedKeys>, value: IndexValue, key: number): void {
  const keys = value === undefined ? undefined : index.get(value);
  keys?.delete(key);
  if (keys?.size === 0) {
    index.delete(value!);
  }
}
