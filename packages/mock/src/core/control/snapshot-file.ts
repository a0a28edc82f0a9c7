// A session's state as a file a person reads and edits (`petstore-mock --state FILE`): the control
// API's snapshot (`Snapshot` of openapi/control.yaml), as two-space-indented JSON with one key order,
// and checked in full when read, as `PUT /__petstore/sessions/{name}/state` checks it.
import { MockApiError } from "../http/errors.js";
import { DOCUMENTED_LIMITS } from "../store/limits.js";
import type { StoreLimits, StoreSnapshot } from "../store/store.js";
import { readSnapshot } from "./check-snapshot.js";
import { type Snapshot, toSnapshot } from "./snapshot.js";

/** A text that is not a snapshot; the message says what is wrong and where, in words a person can act on. */
export class SnapshotError extends Error {}

/** The keys that come first, in this order; every other field of a record follows, alphabetically. */
const LEADING_KEYS = ["format", "version", "categories", "pets", "orders", "inventory", "nextIds", "id", "petId"];

/**
 * Every property name of the file, in the order the file lists them. `JSON.stringify` orders every
 * object's properties by such a list, whatever order a record's history left its fields in.
 */
function propertyOrder(snapshot: Snapshot): string[] {
  const fields = new Set<string>();
  for (const records of [snapshot.categories, snapshot.pets, snapshot.orders, snapshot.inventory]) {
    for (const record of records) {
      for (const field in record) {
        fields.add(field);
      }
    }
  }
  return [...LEADING_KEYS, ...[...fields].filter((field) => !LEADING_KEYS.includes(field)).sort()];
}

/** The store's state as the file's text. */
export function serializeSnapshot(state: StoreSnapshot): string {
  const snapshot = toSnapshot(state);
  return `${JSON.stringify(snapshot, propertyOrder(snapshot), 2)}\n`;
}

/** A file's JSON; throws a `SnapshotError` when it is not JSON. */
export function parseJsonFile(text: string): unknown {
  try {
    // One leading byte order mark, as `PUT …/state` accepts it (its UTF-8 decoder drops one).
    return JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    // One line: the parser's message may quote the file's text, line breaks and all.
    throw new SnapshotError(`not JSON: ${(error as Error).message.replace(/\s+/g, " ")}`);
  }
}

/** The store's state of parsed JSON; throws a `SnapshotError` naming the first problem and its place. */
export function readSnapshotData(data: unknown, caps: StoreLimits = DOCUMENTED_LIMITS): StoreSnapshot {
  try {
    return readSnapshot(data, caps);
  } catch (error) {
    if (error instanceof MockApiError) {
      throw new SnapshotError(error.message);
    }
    throw error;
  }
}

/** The store's state in a file's text; throws a `SnapshotError` naming the first problem and its place. */
export const parseSnapshot = (text: string, caps: StoreLimits = DOCUMENTED_LIMITS): StoreSnapshot =>
  readSnapshotData(parseJsonFile(text), caps);
