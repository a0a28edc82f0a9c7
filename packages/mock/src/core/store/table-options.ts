import type { CompiledValidator } from "../generated/validators.js";
import type { KeyFunction } from "./indexed-records.js";
import type { RecordSchema } from "./record-order.js";

export interface TableOptions<T, K extends keyof T> {
  name: string;
  /** The record schema, compiled from the document. */
  validator: CompiledValidator;
  /** The record schema's name: its properties are kept in the document's order. */
  schema: RecordSchema;
  /** The numeric field that identifies a record. */
  key: K;
  /** Secondary indexes, each a function from a record to the value it is filed under. */
  indexes?: Record<string, KeyFunction<T>>;
  /** The most records the table holds (default: no limit). */
  capacity?: number;
}

/** The fields of a new record: all of a stored record's, but the key, which the table assigns if absent. */
export type NewRecord<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
