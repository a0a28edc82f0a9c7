import type { Table } from "./table.js";
import type { NewRecord } from "./table-options.js";

type Insert = <T extends object, K extends keyof T>(table: Table<T, K>, values: NewRecord<T, K>) => T;

/** `Table`'s private insert, handed over by its static block. */
let insertOf: Insert;

/** Called once, by `Table`'s static block (which can reach its private `#insert`). */
export function provideInsert(insert: Insert): void {
  insertOf = insert;
}

/**
 * `table.insert(values)`, but the record itself, or the refusal thrown, instead of a promise of it: the app's
 * operations, which run one at a time (a write of theirs awaits nothing).
 */
export function insertNow<T extends object, K extends keyof T>(table: Table<T, K>, values: NewRecord<T, K>): T {
  return insertOf(table, values);
}
