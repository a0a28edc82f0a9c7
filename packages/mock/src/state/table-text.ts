// One table's records as the state file holds them, kept encoded in ranges of keys, so that a write of a large
// state re-serialises only the ranges written since the last write (the table's change log names their keys).
import type { Table } from "../core/store/table.js";

/**
 * Keys per cached range. A write re-serialises every range a changed key falls in: smaller ranges cost less per
 * scattered update, larger ones fewer pieces per write (40,000 orders are about 10 MB in 313 ranges of 32 kB).
 */
const KEYS_PER_RANGE = 128;

/** The records of one range as the file's text at their depth, joined (`,\n`), without the brackets. */
export type RecordsText = (records: readonly object[]) => string;

const SEPARATOR = Buffer.from(",\n");
const EMPTY = Buffer.from("[]");

/**
 * The encoded text of a table's records, between and with the brackets of its array (at `depth` in the file),
 * brought up to date from the table's change log. The log has one reader: the table's `TableText` (see `tableText`).
 */
export class TableText {
  readonly #ranges = new Map<number, Buffer>();
  /** The ranges' numbers in ascending order; undefined when a range came or went since they were sorted. */
  #order: number[] | undefined = [];
  #whole = true;
  readonly #open: Buffer;
  readonly #close: Buffer;

  constructor(
    readonly table: Table<object>,
    readonly text: RecordsText,
    depth: number,
  ) {
    this.#open = Buffer.from("[\n");
    this.#close = Buffer.from(`\n${"  ".repeat(depth)}]`);
    // Every range is serialised at the first write: what the log holds until now is not needed.
    table.trackChanges();
    table.drainChanges();
  }

  /**
   * The table's array as it is now, in pieces to write one after the other. Run it between the store's
   * operations. Records stand in ascending key order in the table (keys only grow; a restore inserts in order).
   */
  pieces(): Buffer[] {
    const { cleared, keys } = this.table.drainChanges();
    if (cleared || this.#whole) {
      this.#rebuild();
    } else {
      let last = Number.NaN;
      for (const key of keys) {
        const range = Math.floor(key / KEYS_PER_RANGE);
        if (range !== last) {
          this.#refresh(range);
          last = range;
        }
      }
    }
    this.#order ??= [...this.#ranges.keys()].sort((a, b) => a - b);
    if (!this.#order.length) {
      return [EMPTY];
    }
    const pieces: Buffer[] = [this.#open];
    for (const range of this.#order) {
      pieces.push(this.#ranges.get(range)!, SEPARATOR);
    }
    pieces[pieces.length - 1] = this.#close;
    return pieces;
  }

  /** Serialises one range again from the records it holds now. */
  #refresh(range: number): void {
    const records: object[] = [];
    for (let key = range * KEYS_PER_RANGE, end = key + KEYS_PER_RANGE; key < end; key++) {
      const record = this.table.get(key);
      if (record) {
        records.push(record);
      }
    }
    this.#set(range, records);
  }

  /**
   * Serialises every range (the first time, and after the table was emptied or loaded), each as `#refresh` does, in
   * key order: a record inserted by hand with a key below others stands after them in the table.
   */
  #rebuild(): void {
    this.#whole = false;
    this.#ranges.clear();
    this.#order = undefined;
    const ranges = new Set<number>();
    for (const record of this.table.values()) {
      ranges.add(Math.floor(this.table.keyOf(record) / KEYS_PER_RANGE));
    }
    for (const range of ranges) {
      this.#refresh(range);
    }
  }

  #set(range: number, records: readonly object[]): void {
    if (!records.length) {
      if (this.#ranges.delete(range)) {
        this.#order = undefined;
      }
      return;
    }
    if (!this.#ranges.has(range)) {
      this.#order = undefined;
    }
    this.#ranges.set(range, Buffer.from(this.text(records)));
  }
}
