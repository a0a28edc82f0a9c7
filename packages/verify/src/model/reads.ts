// Read commands: one record, one page at an offset, or every page of a list (with one of the filters
// the document declares), compared with the model.

import { documentList, operation, pageSize } from "@petstore/contract";
import fc from "fast-check";
import { type Command, choose, command, expectEqual, expectOutcome, Failure, type Pick, send } from "./command.js";
import { canonical, divergence } from "./diff.js";
import { categoryBody, inventoryBody, type Model, type ModelOrder, petBody } from "./model.js";

/** Where each list is read, the model table that predicts it (inventory: the pets' stock), and its records' bodies. */
export const LISTS = {
  pets: { table: "pets", url: "/pets", operationId: "listPets", body: petBody },
  inventory: { table: "pets", url: "/store/inventory", operationId: "listInventory", body: inventoryBody },
  // An order placed without a shipDate gets one from the backend.
  orders: {
    table: "orders",
    url: "/store/orders",
    operationId: "listOrders",
    body: (order: ModelOrder, returned?: ModelOrder) => ({ ...order, shipDate: order.shipDate ?? returned?.shipDate }),
  },
  categories: { table: "categories", url: "/categories", operationId: "listCategories", body: categoryBody },
} as const;
export type List = keyof typeof LISTS;
export const LIST_NAMES = Object.keys(LISTS) as List[];

/** The filters the document declares for each list (`x-filter`), in the document's order. */
const filtersOf = (list: List) => documentList(operation(LISTS[list].operationId))?.filters ?? [];

/** A list's filters, each as `list:parameter`: the tour reads each one at least once. */
export const DOCUMENT_FILTERS = LIST_NAMES.flatMap((list) =>
  filtersOf(list).map((filter, index) => ({ list, index, name: `${LISTS[list].operationId} ?${filter.parameter}` })),
);

/** What a record that differs from the model's breaks: the stock, where an inventory quantity differs; else the record. */
const recordCheck = (list: List, got: unknown, expected: unknown) =>
  list === "inventory" && divergence(expected, got).at.endsWith("quantity") ? "model.stock" : "model.record";

/** The model's record as the API answers it (`returned`: what the API did answer). */
const bodyOf = (list: List) => LISTS[list].body as (record: unknown, returned?: unknown) => unknown;

/** The records the model holds for a list, by ascending key. */
const modelRecords = (model: Model, list: List): { id: number }[] =>
  [...model[LISTS[list].table].values()].sort((a, b) => a.id - b.id);

/** A model record as the API lists it, for the filters to look at. */
const listed = (list: List, record: unknown) => bodyOf(list)(record) as Record<string, unknown>;

const readOne = (list: List, pick: Pick) =>
  command(`get ${list}`, async (model, real, did) => {
    const { table, url: collection } = LISTS[list];
    // On a shared backend, ids that never were lie far above the known ones (others create records too).
    const id = choose(model[table].keys(), model.gone[table], pick, model.scope ? model[table].keys() : undefined);
    const url = `${collection}/${id}`;
    const response = await send(model, real, "GET", url);
    const ran = did(`GET ${url} → ${response.status}`);
    const record = model[table].get(id);
    if (!record) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    expectOutcome(ran, response, 200);
    const expected = bodyOf(list)(record, response.json);
    expectEqual(recordCheck(list, response.json, expected), ran, response.json, expected);
  });

/** How a filter is read: the query it adds and the records it keeps. `filter` -1: none. */
interface Filtering {
  query: string;
  keeps: (record: unknown) => boolean;
}

const NO_FILTER: Filtering = { query: "", keeps: () => true };

/**
 * The `filter`th filter the document declares for `list`, with values taken from the model's records
 * (`valueIndex` picks them), so the filter keeps some records and leaves others.
 */
function filtering(model: Model, list: List, filter: number, valueIndex: number): Filtering {
  const filters = filtersOf(list);
  const chosen = filter < 0 || filters.length === 0 ? undefined : filters[filter % filters.length]!;
  if (!chosen) {
    return NO_FILTER;
  }
  const field = chosen.parameter;
  const values = [...new Set(modelRecords(model, list).map((record) => listed(list, record)[field]))]
    .filter((value) => value !== undefined)
    .map(String)
    .sort();
  if (values.length === 0) {
    return NO_FILTER;
  }
  const first = values[valueIndex % values.length]!;
  if (chosen.match === "contains-case-insensitive") {
    // A part of a name, in the other case: the filter must match it case-insensitively. Only ASCII:
    // how a backend folds the case of other letters (ß, İ) is not the document's to say.
    const ascii = values.filter((value) => /^[\x20-\x7e]+$/.test(value));
    const name = ascii[valueIndex % Math.max(1, ascii.length)];
    if (name === undefined) {
      return NO_FILTER;
    }
    const part = name.slice(Math.floor(name.length / 3), Math.floor(name.length / 3) + 3) || name;
    const text = part === part.toUpperCase() ? part.toLowerCase() : part.toUpperCase();
    return {
      query: `&${field}=${encodeURIComponent(text)}`,
      keeps: (record) => String(listed(list, record)[field]).toLowerCase().includes(text.toLowerCase()),
    };
  }
  const wanted =
    chosen.repeats && values.length > 1 && valueIndex % 2 === 1
      ? [first, values[(valueIndex + 1) % values.length]!]
      : [first];
  return {
    query: wanted.map((value) => `&${field}=${encodeURIComponent(value)}`).join(""),
    keeps: (record) => wanted.includes(String(listed(list, record)[field])),
  };
}

/** The key of a listed record (its id, or the inventory's `petId`). */
const keyOf = (record: unknown) => {
  const fields = record as { id?: unknown; petId?: unknown } | undefined;
  return fields?.id ?? fields?.petId;
};

/**
 * Compares the records a list answered with those the model predicts. Records missing, repeated or
 * out of place are the paging's fault; a record the prediction does not hold, the filter's (or the
 * record's, unfiltered); a record in its place that differs, the record's.
 */
function compareListed(
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
function expectTotal(ran: string, total: number, expected: number, filtered: Filtering): void {
  if (total !== expected) {
    throw new Failure(
      filtered.query ? "model.list-filter" : "model.paging",
      `${ran}: X-Total-Count is not the number of records the list holds`,
      `X-Total-Count: ${expected}`,
      `X-Total-Count: ${Number.isNaN(total) ? "(none)" : total}`,
    );
  }
}

/**
 * Reads every page of a list through the API (at most `model.maxPages`, following `Link` rel=next)
 * and compares it with the model: the records, the filter, and the paging (`X-Total-Count`, pages
 * no longer than `limit`, the last page after the last record).
 */
export const readAll = (list: List, limit: number, filter: number, valueIndex: number) =>
  command(`list ${list} (limit ${limit})`, async (model, real, did) => {
    const filtered = filtering(model, list, filter, valueIndex);
    const first = `${LISTS[list].url}?limit=${limit}${filtered.query}`;
    const items: unknown[] = [];
    let url: string | null = first;
    let total = -1;
    let pages = 0;
    for (; url && pages < model.maxPages; pages++) {
      const response = await send(model, real, "GET", url);
      const ran = did(`GET ${url} → ${response.status}`);
      expectOutcome(ran, response, 200);
      total = Number(response.headers.get("x-total-count"));
      const page = response.json as unknown[];
      if (page.length > limit) {
        throw new Failure(
          "model.paging",
          `${ran}: the page holds more records than its limit`,
          `at most ${limit} records`,
          `${page.length} records`,
        );
      }
      items.push(...page);
      const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
      url = next ? next[1]!.slice(real.target.baseUrl.length) : null;
      if (items.length > 10_000) {
        throw new Failure(
          "model.paging",
          `${ran}: the next links never end`,
          "a last page",
          "more than 10,000 records",
        );
      }
    }
    const all = modelRecords(model, list);
    const expected = all.filter(filtered.keeps).map((record, index) => bodyOf(list)(record, items[index]));
    const ran = did(`GET ${first} and the ${pages - 1} page(s) its Link rel=next led to (${items.length} records)`);
    // When the page bound stopped the read, the pages read are the first records of the list. The
    // count of a filtered list is the filter's: a wrong one there is the filter's fault, not paging's.
    compareListed(list, ran, items, expected.slice(0, items.length), all, filtered.query !== "");
    expectTotal(ran, total, expected.length, filtered);
    if (!url && items.length !== expected.length) {
      throw new Failure(
        "model.paging",
        `${ran}: the last page (no Link rel=next) came before the last record`,
        `${expected.length} records`,
        `${items.length} records`,
      );
    }
  });

/** Reads one page at an offset past the first and compares it with the model's records there. */
export const readPage = (list: List, limit: number, offsetIndex: number, filter: number, valueIndex: number) =>
  command(`page of ${list} (limit ${limit})`, async (model, real, did) => {
    const filtered = filtering(model, list, filter, valueIndex);
    const all = modelRecords(model, list);
    const matching = all.filter(filtered.keeps);
    // An offset inside the list when it has more than one record (past offset 0), else just past its end.
    const offset = matching.length > 1 ? 1 + (offsetIndex % (matching.length - 1)) : matching.length;
    const url = `${LISTS[list].url}?limit=${limit}&offset=${offset}${filtered.query}`;
    const response = await send(model, real, "GET", url);
    const ran = did(`GET ${url} → ${response.status}`);
    expectOutcome(ran, response, 200);
    const page = response.json as unknown[];
    const expected = matching.slice(offset, offset + limit).map((record, index) => bodyOf(list)(record, page[index]));
    compareListed(list, ran, page, expected, all, filtered.query !== "");
    expectTotal(ran, Number(response.headers.get("x-total-count")), matching.length, filtered);
  });

export const readRecord = readOne;

/** A page size: mostly small, so that lists run over several pages and their `Link`s are followed. */
const pageLimit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: pageSize.minimum, max: Math.min(pageSize.maximum, 10) }) },
  { weight: 1, arbitrary: fc.integer({ min: pageSize.minimum, max: pageSize.maximum }) },
);

/** A filter of the list, or none (-1) about a third of the time. */
const filterIndex = fc.integer({ min: -2, max: 5 }).map((index) => Math.max(-1, index));

/**
 * fast-check picks among the commands evenly; list reads come three times, so that about a quarter
 * of the commands read a list, each with a filter and a page size of its own.
 */
const LIST_READ_WEIGHT = 3;

export const readCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => {
  const list = fc.constantFrom<List>(...LIST_NAMES);
  const listRead = fc
    .tuple(list, pageLimit, filterIndex, fc.nat())
    .map(([kind, limit, filter, value]) => readAll(kind, limit, filter, value));
  const pageRead = fc
    .tuple(list, pageLimit, fc.nat(), filterIndex, fc.nat())
    .map(([kind, limit, offset, filter, value]) => readPage(kind, limit, offset, filter, value));
  return [
    fc.tuple(list, pick).map(([kind, p]) => readOne(kind, p)),
    ...Array(LIST_READ_WEIGHT).fill(listRead),
    pageRead,
  ];
};
