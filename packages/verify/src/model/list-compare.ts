// A list's answer against the model's prediction: which records, in which order, with which fields, and the
// count; each difference blamed on what breaks it (the paging, the filter, the record or the stock).

import type { ApiResponse } from "../http/target.js";
import { expectEqual, expectOutcome, Failure } from "./command.js";
import { canonical, divergence } from "./diff.js";
import type { Filtering } from "./list-filter.js";
import { bodyOf, type List } from "./lists.js";

/** What a record that differs from the model's breaks: the stock, where an inventory quantity differs; else the record. */
export const recordCheck = (list: List, got: unknown, expected: unknown) =>
  list === "inventory" && divergence(expected, got).at.endsWith("quantity") ? "model.stock" : "model.record";

/** The key of a listed record (its id, or the inventory's `petId`). */
const keyOf = (record: unknown) => {
  const fields = record as { id?: unknown; petId?: unknown } | undefined;
  return fields?.id ?? fields?.petId;
};

/**
 * Fails as `expectOutcome` does. But a page listed outside its filter that holds just records the model's
 * filter keeps (a pending pet's inventory entry listed as `available`) has a record's field wrong, not the
 * filter: it fails as that record, naming the field (`[0].status`), as its other reads do (run/causes.ts).
 */
export function expectListOutcome(what: string, response: ApiResponse, list: List, kept: { id: number }[]): void {
  try {
    expectOutcome(what, response, 200);
  } catch (error) {
    const page = Array.isArray(response.json) ? (response.json as unknown[]) : [];
    const model = new Map<unknown, unknown>(kept.map((record) => [record.id, record]));
    if (error instanceof Failure && error.check === "model.list-filter" && page.every((got) => model.has(keyOf(got)))) {
      const expected = page.map((got) => bodyOf(list)(model.get(keyOf(got)), got));
      expectEqual(recordCheck(list, page, expected), what, page, expected);
    }
    throw error;
  }
}

/**
 * Compares the records a list answered with those the model predicts. Records missing, repeated or
 * out of place are the paging's fault; a record the prediction does not hold, the filter's (or the
 * record's, unfiltered); a record in its place that differs, the record's.
 */
export function compareListed(
  list: List,
  what: string,
  got: unknown[],
  expected: unknown[],
  all: { id: number }[],
  filtered: boolean,
): void {
  const gotKeys = got.map(keyOf);
  const expectedKeys = expected.map(keyOf);
  if (canonical(gotKeys) !== canonical(expectedKeys)) {
    const known = new Set<unknown>(all.map((record) => record.id));
    const stray = gotKeys.filter((key) => !known.has(key));
    const check = stray.length === 0 ? "model.paging" : filtered ? "model.list-filter" : "model.record";
    const strayText = stray.length ? `; not expected at all: ${stray.join(", ")}` : "";
    throw new Failure(
      check,
      `${what}: the records listed are not the ones predicted${strayText}`,
      `records ${expectedKeys.join(", ") || "(none)"}`,
      `records ${gotKeys.join(", ") || "(none)"}`,
    );
  }
  // The records are the ones the filter keeps: a field that differs is the record's (or the stock's).
  expectEqual(recordCheck(list, got, expected), what, got, expected);
}

/** Fails unless `X-Total-Count` counts the records the list holds (with its filter: the filter's fault). */
export function expectTotal(ran: string, total: number, expected: number, filtered: Filtering): void {
  if (total !== expected) {
    throw new Failure(
      filtered.query ? "model.list-filter" : "model.paging",
      `${ran}: X-Total-Count is ${Number.isNaN(total) ? "missing" : total}; the list holds ${expected} record(s)${filtered.query ? ` matching ${decodeURIComponent(filtered.query.slice(1))}` : ""}`,
      `X-Total-Count: ${expected}`,
      `X-Total-Count: ${Number.isNaN(total) ? "(none)" : total}`,
    );
  }
}
