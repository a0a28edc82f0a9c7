import type { CompiledValidator } from "../generated/validators.js";
import { ChangeLog } from "./change-log.js";
import type { CollectionView } from "./collection-view.js";
import { IndexedRecords } from "./indexed-records.js";
import { provideInsert } from "./insert-now.js";
import { type PageQuery, readPage } from "./page-query.js";
import { assertValidChange } from "./record-check.js";
import { inDocumentOrder, type RecordSchema, reorderInPlace } from "./record-order.js";
import type { SharedCapacity } from "./shared-capacity.js";
import type { SortedKeys } from "./sorted-keys.js";
import type { NewRecord, TableOptions } from "./table-options.js";
import { UndoJournal } from "./undo-journal.js";

export type { CollectionView } from "./collection-view.js";
export type { PageQuery } from "./page-query.js";
export type { SharedCapacity } from "./shared-capacity.js";
export type { NewRecord, TableOptions } from "./table-options.js";

/**
 * Records with the indexes a reference server needs: by key, and by any field it is filtered on, so reads, updates
 * and the first page of a filtered list cost the same at 100 records or 100,000; an @msw/data collection of them
 * for queries. Records keep ascending key order everywhere because keys only grow and `restore` reinserts in order.
 */
export class Table<T extends object, K extends keyof T = keyof T> {
  readonly name: string;
  /** Read-only queries over the records (`findFirst`, `findMany`, `count`, `all`). */
  readonly collection: CollectionView<T>;
  readonly #records: IndexedRecords<T>;
  readonly #key: K;
  readonly #validator: CompiledValidator;
  readonly #schema: RecordSchema;
  readonly #journal = new UndoJournal<T>();
  readonly #changes = new ChangeLog();
  #nextKey = 1;
  #writes = 0;
  /** The most records the table holds; `insert` refuses one more. */
  readonly capacity: number;
  /** A bound shared with other tables (set by the sessions' record budget), or none. */
  sharedCapacity: SharedCapacity | undefined;

  constructor(options: TableOptions<T, K>) {
    this.name = options.name;
    this.capacity = options.capacity ?? Number.POSITIVE_INFINITY;
    this.#key = options.key;
    this.#validator = options.validator;
    this.#schema = options.schema;
    this.#records = new IndexedRecords(options.validator, options.indexes);
    this.collection = this.#records.view;
  }

  /** How many writes the table has taken (inserts, updates, removals, clears): a change counter. */
  get writes(): number {
    return this.#writes;
  }

  get size(): number {
    return this.#records.byKey.size;
  }

  /** True when the table holds `capacity` records. */
  get isFull(): boolean {
    return this.#records.byKey.size >= this.capacity;
  }

  /** The key the next inserted record gets when it brings none. */
  get nextKey(): number {
    return this.#nextKey;
  }

  keyOf(record: T): number {
    return record[this.#key] as number;
  }

  get(key: number): T | undefined {
    return this.#records.byKey.get(key);
  }

  /** All records in ascending key order. */
  values(): IterableIterator<T> {
    return this.#records.byKey.values();
  }

  /** The keys filed under `value` in the index `name`, in ascending order. */
  keysWhere(name: string, value: string | number): SortedKeys {
    return this.#records.keysWhere(name, value);
  }

  static {
    provideInsert((table, values) => table.#insert(values));
  }

  /** Inserts a record; one without a key gets the next one. */
  async insert(values: NewRecord<T, K>): Promise<T> {
    return this.#insert(values);
  }

  #insert(values: NewRecord<T, K>): T {
    if (this.isFull) {
      throw new Error(`the store already holds its maximum of ${this.capacity} records of type ${this.name}`);
    }
    const key = (values[this.#key] as number | undefined) ?? this.#nextKey;
    this.#remember(key);
    // In the document's order, whatever order the values came in (the key among them, given or not).
    const record = this.#records.add(
      key,
      inDocumentOrder<T>(values, this.#schema, { field: this.#key as string, value: key }),
    );
    this.#nextKey = Math.max(this.#nextKey, key + 1);
    this.#writes++;
    return record;
  }

  /** Changes fields of a stored record in place, after checking the result against the record schema. */
  update(record: T, changes: Partial<T>): T {
    const key = this.keyOf(record);
    this.#remember(key);
    const added = assertValidChange(this.#validator, record, changes, `${this.name} ${key}`);
    this.#records.change(key, record, changes);
    if (added) {
      reorderInPlace(record, this.#schema);
    }
    this.#writes++;
    return record;
  }

  remove(record: T): void {
    const key = this.keyOf(record);
    if (!this.#records.byKey.has(key)) {
      return;
    }
    this.#remember(key);
    this.#records.delete(key);
    this.#writes++;
  }

  /** Empties the table in time proportional to its records (see `IndexedRecords.clear`). */
  clear(): void {
    this.#records.clear();
    this.#nextKey = 1;
    this.#writes++;
    this.#journal.forget();
    this.#changes.cleared();
  }

  /** Starts recording the keys written, for a store kept elsewhere record by record (a Durable Object's SQLite). */
  trackChanges(): void {
    this.#changes.start();
  }

  /**
   * The keys written since `trackChanges()` or the last drain, ascending, and whether the table was emptied first
   * (then only the keys written after it are listed); starts over. Each key's record is `get(key)`, or gone.
   */
  drainChanges(): { cleared: boolean; keys: number[] } {
    return this.#changes.drain();
  }

  /** Starts keeping what changes from here on, so that `rollback()` can undo it. */
  markClean(): void {
    this.#journal.markClean(this.#nextKey);
  }

  /** Undoes the changes since `markClean()` record by record (time per change, not per record); false if it cannot. */
  async rollback(): Promise<boolean> {
    if (!this.#journal.undo(this)) {
      return false;
    }
    this.#nextKey = this.#journal.cleanNextKey;
    this.markClean();
    return true;
  }

  /** Plain copies of every record, and the next key, for `snapshot()`. */
  dump(): { records: T[]; nextKey: number } {
    return { records: [...this.#records.byKey.values()].map((record) => ({ ...record })), nextKey: this.#nextKey };
  }

  async load(dump: { records: readonly T[]; nextKey: number }): Promise<void> {
    this.clear();
    for (const record of dump.records) {
      this.#insert(record);
    }
    this.#nextKey = dump.nextKey;
  }

  /**
   * One page of the records that match, in ascending key order, and how many match in all.
   * Costs O(offset + limit) when one index serves every filter, O(candidates) otherwise.
   */
  page(query: PageQuery<T>): { items: T[]; total: number } {
    return readPage(this.#records, query);
  }

  /** Notes the record under `key` as written, before it changes. */
  #remember(key: number): void {
    this.#changes.add(key);
    this.#journal.remember(key, this.#records.byKey.get(key));
  }
}
