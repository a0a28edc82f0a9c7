import { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { CompiledValidator } from "../generated/validators.js";
import { SortedKeys } from "./sorted-keys.js";
import { standardSchema } from "./standard-schema.js";

type KeyFunction<T> = (record: T) => string | number | undefined;
type Records<T> = Collection<StandardSchemaV1<T, T>>;
/** A record as the collection stores it (with @msw/data's internal markers). */
type Stored<T> = ReturnType<Records<T>["all"]>[number];

/**
 * The reads of an @msw/data collection, for queries in tests. Its writes are left out: they would
 * bypass the table's indexes, so every write goes through the table's `insert`, `update` and
 * `remove`.
 */
export type CollectionView<T> = Pick<Records<T>, "findFirst" | "findMany" | "count" | "all">;

/** The fields of a new record: all of a stored record's, but the key, which the table assigns if absent. */
export type NewRecord<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * A bound several tables share besides their own `capacity`: the sessions' record budget, full when
 * all of them together hold its maximum. Creates check it (`assertRoom`) before they write.
 */
export interface SharedCapacity {
  readonly isFull: boolean;
  /** The Error a create gets when the bound is reached: which limit, and how to raise it. */
  refusal(): Error;
  /** Counts one record from now until the returned function is called, so concurrent creates see it. */
  reserve(): () => void;
}

export interface TableOptions<T, K extends keyof T> {
  name: string;
  /** The record schema, compiled from the document. */
  validator: CompiledValidator;
  /** The numeric field that identifies a record. */
  key: K;
  /** Secondary indexes, each a function from a record to the value it is filed under. */
  indexes?: Record<string, KeyFunction<T>>;
  /** The most records the table holds (default: no limit). */
  capacity?: number;
}

export interface PageQuery<T> {
  /** Filters served by indexes: each names an index and the values that match (any of them). */
  where?: Record<string, readonly (string | number)[]>;
  /** Ids to restrict to, in any order. */
  keys?: readonly number[];
  /** A filter no index serves, tested on each candidate. */
  predicate?: (record: T) => boolean;
  offset: number;
  limit: number;
}

/** Yields the union of several id sets, each in ascending order, in ascending order. */
function* mergeAscending(sets: ReadonlyArray<Iterable<number>>): Generator<number> {
  if (sets.length === 1) {
    yield* sets[0]!;
    return;
  }
  const iterators = sets.map((set) => set[Symbol.iterator]());
  const heads = iterators.map((iterator) => iterator.next());
  for (;;) {
    let smallest = -1;
    for (let index = 0; index < heads.length; index++) {
      const head = heads[index]!;
      if (!head.done && (smallest === -1 || head.value < (heads[smallest]!.value as number))) {
        smallest = index;
      }
    }
    if (smallest === -1) {
      return;
    }
    yield heads[smallest]!.value as number;
    heads[smallest] = iterators[smallest]!.next();
  }
}

const EMPTY = new SortedKeys();

/**
 * The most records a table undoes one by one on `rollback()`. Past it, putting the whole table back
 * costs less: the collection scans all its records to remove one.
 */
const MOST_UNDONE = 100;

/**
 * An @msw/data collection with the indexes a reference server needs: by key, and by any field it
 * is filtered on, so reads, updates and the first page of a filtered list cost the same at 100
 * records or 100,000 (the collection itself scans its records).
 *
 * Records keep ascending key order everywhere because keys only grow and `restore` reinserts in
 * order.
 */
export class Table<T extends object, K extends keyof T = keyof T> {
  readonly name: string;
  /** Read-only queries over the records (`findFirst`, `findMany`, `count`, `all`). */
  readonly collection: CollectionView<T>;
  /** Replaced, not emptied, by `clear()`: the collection removes records one by one, each a scan of all. */
  #records: Records<T>;
  readonly #createRecords: () => Records<T>;
  readonly #key: K;
  readonly #validator: CompiledValidator;
  readonly #byKey = new Map<number, Stored<T>>();
  readonly #indexFunctions: Record<string, KeyFunction<T>>;
  readonly #indexes = new Map<string, Map<string | number, SortedKeys>>();
  #nextKey = 1;
  #writes = 0;
  /**
   * Since `markClean()`: each key written, with its record as it was then (null: there was none).
   * Undefined when not kept: never marked, emptied or loaded since, or more than MOST_UNDONE keys.
   */
  #journal: Map<number, T | null> | undefined;
  #cleanNextKey = 1;
  /** Since `trackChanges()` or the last `drainChanges()`: the keys written, and whether the table was emptied. */
  #changed: Set<number> | undefined;
  #clearedSinceDrain = false;
  /** The most records the table holds; `insert` refuses one more. */
  readonly capacity: number;
  /** A bound shared with other tables (set by the sessions' record budget), or none. */
  sharedCapacity: SharedCapacity | undefined;

  constructor(options: TableOptions<T, K>) {
    this.name = options.name;
    this.capacity = options.capacity ?? Number.POSITIVE_INFINITY;
    this.#key = options.key;
    this.#validator = options.validator;
    this.#indexFunctions = options.indexes ?? {};
    for (const name of Object.keys(this.#indexFunctions)) {
      this.#indexes.set(name, new Map());
    }
    const schema = standardSchema<T>(options.validator);
    this.#createRecords = () => new Collection({ schema });
    this.#records = this.#createRecords();
    // A frozen object of reads of the current collection, so that no write is reachable from it, even
    // from JavaScript, and it stays valid when `clear()` replaces the collection.
    const records = () => this.#records;
    this.collection = Object.freeze({
      findFirst: ((...args: Parameters<Records<T>["findFirst"]>) =>
        records().findFirst(...args)) as Records<T>["findFirst"],
      findMany: ((...args: Parameters<Records<T>["findMany"]>) =>
        records().findMany(...args)) as Records<T>["findMany"],
      count: () => records().count(),
      // A copy: the collection hands out its own array.
      all: () => records().all().slice(),
    });
  }

  /** How many writes the table has taken (inserts, updates, removals, clears): a change counter. */
  get writes(): number {
    return this.#writes;
  }

  get size(): number {
    return this.#byKey.size;
  }

  /** True when the table holds `capacity` records. */
  get isFull(): boolean {
    return this.#byKey.size >= this.capacity;
  }

  /** The key the next inserted record gets when it brings none. */
  get nextKey(): number {
    return this.#nextKey;
  }

  keyOf(record: T): number {
    return record[this.#key] as number;
  }

  get(key: number): T | undefined {
    return this.#byKey.get(key);
  }

  /** All records in ascending key order. */
  values(): IterableIterator<T> {
    return this.#byKey.values();
  }

  /** The keys filed under `value` in the index `name`, in ascending order. */
  keysWhere(name: string, value: string | number): SortedKeys {
    return this.#indexes.get(name)?.get(value) ?? EMPTY;
  }

  /** Inserts a record; one without a key gets the next one. */
  async insert(values: NewRecord<T, K>): Promise<T> {
    if (this.isFull) {
      throw new Error(`the store already holds its maximum of ${this.capacity} records of type ${this.name}`);
    }
    const key = (values[this.#key] as number | undefined) ?? this.#nextKey;
    this.#remember(key);
    const release = this.sharedCapacity?.reserve();
    let record: Stored<T>;
    try {
      // The key first, as the document lists it, whether it came with the values or not.
      record = await this.#records.create({ [this.#key]: key, ...values, [this.#key]: key } as T);
    } finally {
      release?.();
    }
    this.#nextKey = Math.max(this.#nextKey, key + 1);
    this.#byKey.set(key, record);
    this.#file(record);
    this.#writes++;
    return record;
  }

  /** Changes fields of a stored record in place, after checking the result against the record schema. */
  update(record: T, changes: Partial<T>): T {
    this.#remember(this.keyOf(record));
    const next = { ...record, ...changes };
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) {
        delete (next as Record<string, unknown>)[field];
      }
    }
    if (!this.#validator(next)) {
      const [error] = this.#validator.errors ?? [];
      throw new Error(
        `${this.name} ${this.keyOf(record)} would not match its schema: ${error?.instancePath} ${error?.message}`,
      );
    }
    const before = this.#indexValues(record);
    for (const field of Object.keys(changes) as (keyof T)[]) {
      if (changes[field] === undefined) {
        delete record[field];
      } else {
        record[field] = changes[field] as T[keyof T];
      }
    }
    const key = this.keyOf(record);
    this.#indexValues(record).forEach(([name, value], at) => {
      if (before[at]![1] !== value) {
        this.#unfileValue(name, before[at]![1], key);
        this.#fileValue(name, value, key);
      }
    });
    this.#writes++;
    return record;
  }

  remove(record: T): void {
    const stored = this.#byKey.get(this.keyOf(record));
    if (!stored) {
      return;
    }
    this.#remember(this.keyOf(stored));
    this.#unfile(stored);
    this.#byKey.delete(this.keyOf(stored));
    this.#records.delete(stored);
    this.#writes++;
  }

  /**
   * Empties the table in time proportional to its records: a new collection and new indexes, since
   * the collection's own `clear()` deletes records one by one, each a scan of all (quadratic).
   */
  clear(): void {
    this.#records = this.#createRecords();
    this.#byKey.clear();
    for (const index of this.#indexes.values()) {
      index.clear();
    }
    this.#nextKey = 1;
    this.#writes++;
    this.#journal = undefined;
    if (this.#changed) {
      this.#changed.clear();
      this.#clearedSinceDrain = true;
    }
  }

  /**
   * Starts recording which keys are written (inserted, updated, removed), for a store kept elsewhere
   * record by record (a Durable Object's SQLite storage): `drainChanges()` hands them over.
   */
  trackChanges(): void {
    this.#changed ??= new Set();
  }

  /**
   * The keys written since `trackChanges()` or the last drain, in ascending order, and whether the table
   * was emptied first (then only the keys written after it are listed); starts over. Each key's record
   * is `get(key)` now, or gone when undefined.
   */
  drainChanges(): { cleared: boolean; keys: number[] } {
    const keys = [...(this.#changed ?? [])].sort((a, b) => a - b);
    const cleared = this.#clearedSinceDrain;
    this.#changed?.clear();
    this.#clearedSinceDrain = false;
    return { cleared, keys };
  }

  /** Starts keeping what changes from here on, so that `rollback()` can undo it. */
  markClean(): void {
    this.#journal = new Map();
    this.#cleanNextKey = this.#nextKey;
  }

  /**
   * Undoes the changes since `markClean()` record by record, in time proportional to the changes, not
   * to the table. Returns false, changing nothing, when it cannot: the changes were not kept, were too
   * many, or removed a record that was there (put back, it would break the ascending key order).
   */
  async rollback(): Promise<boolean> {
    const journal = this.#journal;
    if (!journal) {
      return false;
    }
    for (const [key, before] of journal) {
      if (before && !this.#byKey.has(key)) {
        return false;
      }
    }
    this.#journal = undefined;
    for (const [key, before] of journal) {
      const live = this.#byKey.get(key);
      if (!before) {
        if (live) {
          this.remove(live);
        }
        continue;
      }
      const changes: Record<string, unknown> = { ...(before as Record<string, unknown>) };
      for (const field of Object.keys(live!)) {
        if (!(field in before)) {
          changes[field] = undefined;
        }
      }
      this.update(live!, changes as Partial<T>);
    }
    this.#nextKey = this.#cleanNextKey;
    this.markClean();
    return true;
  }

  /** Keeps the record under `key` as it is now, the first time it changes since `markClean()`. */
  #remember(key: number): void {
    this.#changed?.add(key);
    const journal = this.#journal;
    if (!journal || journal.has(key)) {
      return;
    }
    if (journal.size >= MOST_UNDONE) {
      this.#journal = undefined;
      return;
    }
    const current = this.#byKey.get(key);
    journal.set(key, current ? { ...current } : null);
  }

  /** Plain copies of every record, and the next key, for `snapshot()`. */
  dump(): { records: T[]; nextKey: number } {
    return { records: [...this.#byKey.values()].map((record) => ({ ...record })), nextKey: this.#nextKey };
  }

  async load(dump: { records: readonly T[]; nextKey: number }): Promise<void> {
    this.clear();
    for (const record of dump.records) {
      await this.insert({ ...record });
    }
    this.#nextKey = dump.nextKey;
  }

  /**
   * One page of the records that match, in ascending key order, and how many match in all.
   * Costs O(offset + limit) when one index serves every filter, O(candidates) otherwise.
   */
  page(query: PageQuery<T>): { items: T[]; total: number } {
    const filters = Object.entries(query.where ?? {}).map(([name, values]) => {
      const sets = [...new Set(values)].map((value) => this.keysWhere(name, value));
      return { name, sets, size: sets.reduce((sum, set) => sum + set.size, 0) };
    });
    filters.sort((a, b) => a.size - b.size);
    const [driver, ...others] = filters;

    let candidates: Iterable<number>;
    let exactTotal: number | undefined;
    if (query.keys) {
      candidates = [...new Set(query.keys)].filter((key) => this.#byKey.has(key)).sort((a, b) => a - b);
    } else if (driver) {
      candidates = mergeAscending(driver.sets.map((set) => set.ascending()));
      exactTotal = driver.size;
    } else {
      candidates = this.#byKey.keys();
      exactTotal = this.#byKey.size;
    }
    const matches = (key: number) => {
      for (const filter of others) {
        if (!filter.sets.some((set) => set.has(key))) {
          return false;
        }
      }
      return !query.predicate || query.predicate(this.#byKey.get(key)!);
    };
    if (query.keys && driver) {
      others.unshift(driver);
    }
    const needsCount = others.length > 0 || query.predicate !== undefined || exactTotal === undefined;

    const items: T[] = [];
    let total = 0;
    for (const key of candidates) {
      if (!matches(key)) {
        continue;
      }
      if (total >= query.offset && items.length < query.limit) {
        items.push(this.#byKey.get(key)!);
      }
      total++;
      if (!needsCount && items.length === query.limit) {
        break;
      }
      if (!needsCount && total > query.offset + query.limit) {
        break;
      }
    }
    return { items, total: needsCount ? total : exactTotal! };
  }

  #indexValues(record: T): [name: string, value: string | number | undefined][] {
    return Object.entries(this.#indexFunctions).map(([name, keyFunction]) => [name, keyFunction(record)]);
  }

  #fileValue(name: string, value: string | number | undefined, key: number): void {
    if (value === undefined) {
      return;
    }
    const index = this.#indexes.get(name)!;
    const keys = index.get(value) ?? new SortedKeys();
    index.set(value, keys);
    keys.add(key);
  }

  #unfileValue(name: string, value: string | number | undefined, key: number): void {
    const index = this.#indexes.get(name)!;
    const keys = value === undefined ? undefined : index.get(value);
    keys?.delete(key);
    if (keys?.size === 0) {
      index.delete(value!);
    }
  }

  #file(record: T): void {
    for (const [name, value] of this.#indexValues(record)) {
      this.#fileValue(name, value, this.keyOf(record));
    }
  }

  #unfile(record: T): void {
    for (const [name, value] of this.#indexValues(record)) {
      this.#unfileValue(name, value, this.keyOf(record));
    }
  }
}
