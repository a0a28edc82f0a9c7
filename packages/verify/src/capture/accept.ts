// From what was read to records a snapshot can hold: a record that breaks the document, an order
// without the fields the mock keeps, and a second copy of a record are left out, each under its rule.

import type { Exchange } from "../report.js";
import type { ReadList } from "./read.js";
import { type CapturedState, COLLECTIONS, type Collection, keyOf } from "./records.js";
import type { CaptureChange } from "./rules.js";

export interface Accepted {
  state: CapturedState;
  changes: CaptureChange[];
  /** The page each record (and each left-out record) was read on, by `collection key`. */
  pages: Map<string, Exchange>;
}

/** The key of the `pages` map. */
export const pageKey = (collection: Collection, key: unknown) => `${collection} ${JSON.stringify(key)}`;

const ORDER_FIELDS = ["id", "petId", "quantity", "complete"] as const;

export function accept(read: Record<Collection, ReadList>): Accepted {
  const state: CapturedState = { categories: [], pets: [], orders: [], inventory: [] };
  const changes: CaptureChange[] = [];
  const pages = new Map<string, Exchange>();
  for (const collection of COLLECTIONS) {
    const seen = new Set<unknown>();
    for (const [index, { value, violations, page }] of read[collection].records.entries()) {
      const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
      const key = isObject
        ? (keyOf(collection, value) ?? `record ${index + 1} of the list`)
        : `record ${index + 1} of the list`;
      const leaveOut = (rule: CaptureChange["rule"], why: string) => {
        changes.push({ rule, collection, key, why });
        if (!pages.has(pageKey(collection, key))) {
          pages.set(pageKey(collection, key), page);
        }
      };
      if (violations.length > 0 || !isObject) {
        leaveOut("breaks-the-document", violations.join("; ") || "not an object");
        continue;
      }
      if (collection === "orders") {
        const missing = ORDER_FIELDS.filter((field) => (value as Record<string, unknown>)[field] === undefined);
        if (missing.length > 0) {
          leaveOut("order-incomplete", `it has no ${missing.join(", ")}`);
          continue;
        }
      }
      if (seen.has(key)) {
        leaveOut("read-twice", "another page answered it too");
        continue;
      }
      seen.add(key);
      pages.set(pageKey(collection, key), page);
      (state[collection] as object[]).push(value);
    }
  }
  return { state, changes, pages };
}
