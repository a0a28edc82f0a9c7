// A session's state as a file a person reads and edits (`petstore-mock --state FILE`): the control
// API's snapshot (`Snapshot` of openapi/control.yaml), as two-space-indented JSON in the document's key order,
// and checked in full when read, as `PUT /__petstore/sessions/{name}/state` checks it.
import { MockApiError } from "../http/errors.js";
import { DOCUMENTED_LIMITS } from "../store/limits.js";
import type { StoreLimits, StoreSnapshot } from "../store/store.js";
import { readSnapshot } from "./check-snapshot.js";
import { toSnapshot } from "./snapshot.js";

/** A text that is not a snapshot; the message says what is wrong and where, in words a person can act on. */
export class SnapshotError extends Error {}

/** The store's state as the file's text. */
export function serializeSnapshot(state: StoreSnapshot): string {
  // Every record in the document's order (`toSnapshot`), so the file reads as the API answers.
  return `${JSON.stringify(toSnapshot(state), null, 2)}\n`;
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
