// Read commands: one record, one page at an offset, or every page of a list (with one of the filters
// the document declares), compared with the model.

import { pageSize } from "@petstore/contract";
import fc from "fast-check";
import { type Command, choose, command, expectEqual, expectOutcome, Failure, type Pick, send } from "./command.js";
import { compareListed, expectListOutcome, expectTotal, recordCheck } from "./list-compare.js";
import { everyFilter, filtering } from "./list-filter.js";
import { bodyOf, LIST_NAMES, LISTS, type List, listed, modelRecords } from "./lists.js";
import type { Model } from "./model.js";

/** A list read: which list, how many records a page, and which filter (none when `filter` is absent). */
export interface ListRead {
  list: List;
  limit: number;
  /** The index of the document's filter for the list (`x-filter`); absent or -1: none. */
  filter?: number;
  /** Picks the filter's values from the records the model holds (see `filtering`). */
  valueIndex?: number;
  /** One value the document lists for the filter, read alone (`filterValues`). */
  value?: string;
  /**
   * Every filter the document declares at once, each with the value of the record `pick` aims at (when
   * the read runs): a read that must list the record; with `left`, some fields at values the record
   * left, a read that must not (a read-back).
   */
  of?: { pick: Pick; left?: Record<string, string> };
}

/** The record `pick` aims at as its list answers it (the run's own, counted from the newest), with `left`'s values. */
function valuesOf(model: Model, list: List, { pick, left }: NonNullable<ListRead["of"]>): Record<string, unknown> {
  const { table } = LISTS[list];
  const ids = pick.owned ? model.writable(table) : model[table].keys();
  const record = model[table].get(choose(ids, model.gone[table], pick));
  return record ? { ...listed(list, record), ...left } : {};
}

/** Reads one record by id (`GET /pets/{id}`), or one that is not there (404). */
export const readRecord = ({ list, pick }: { list: List; pick: Pick }) =>
  command(`get ${list}`, async (model, real, did) => {
    const { table, url: collection } = LISTS[list];
    // On a shared backend, ids that never were lie far above the known ones (others create records too).
    const ids = pick.owned ? model.writable(table) : model[table].keys();
    const id = choose(ids, model.gone[table], pick, model.scope ? model[table].keys() : undefined);
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

/**
 * Reads every page of a list through the API (at most `model.maxPages`, following `Link` rel=next)
 * and compares it with the model: the records, the filter, and the paging (`X-Total-Count`, pages
 * no longer than `limit`, the last page after the last record).
 */
export const readList = ({ list, limit, filter = -1, valueIndex = 0, value, of }: ListRead) =>
  command(`list ${list} (limit ${limit})`, async (model, real, did) => {
    const filtered = of
      ? everyFilter(list, valuesOf(model, list, of))
      : filtering(model, list, filter, valueIndex, value);
    const first = `${LISTS[list].url}?limit=${limit}${filtered.query}`;
    const kept = modelRecords(model, list).filter(filtered.keeps);
    const expectedCount = kept.length;
    const items: unknown[] = [];
    let url: string | null = first;
    let total = -1;
    let pages = 0;
    for (; url && pages < model.maxPages; pages++) {
      const response = await send(model, real, "GET", url);
      const ran = did(`GET ${url} → ${response.status}`);
      expectListOutcome(ran, response, list, kept);
      total = Number(response.headers.get("x-total-count"));
      // The count is known before the pages are read: a wrong one shows on the page that says it.
      expectTotal(ran, total, expectedCount, filtered);
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
export const readPage = ({
  list,
  limit,
  offsetIndex,
  filter = -1,
  valueIndex = 0,
}: ListRead & { offsetIndex: number }) =>
  command(`page of ${list} (limit ${limit})`, async (model, real, did) => {
    const filtered = filtering(model, list, filter, valueIndex);
    const all = modelRecords(model, list);
    const matching = all.filter(filtered.keeps);
    // An offset inside the list when it has more than one record (past offset 0), else just past its end.
    const offset = matching.length > 1 ? 1 + (offsetIndex % (matching.length - 1)) : matching.length;
    const url = `${LISTS[list].url}?limit=${limit}&offset=${offset}${filtered.query}`;
    const response = await send(model, real, "GET", url);
    const ran = did(`GET ${url} → ${response.status}`);
    expectListOutcome(ran, response, list, matching);
    const page = response.json as unknown[];
    const expected = matching.slice(offset, offset + limit).map((record, index) => bodyOf(list)(record, page[index]));
    compareListed(list, ran, page, expected, all, filtered.query !== "");
    expectTotal(ran, Number(response.headers.get("x-total-count")), matching.length, filtered);
  });

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
    .map(([kind, limit, filter, valueIndex]) => readList({ list: kind, limit, filter, valueIndex }));
  const pageRead = fc
    .tuple(list, pageLimit, fc.nat(), filterIndex, fc.nat())
    .map(([kind, limit, offsetIndex, filter, valueIndex]) =>
      readPage({ list: kind, limit, offsetIndex, filter, valueIndex }),
    );
  return [
    fc.tuple(list, pick).map(([kind, p]) => readRecord({ list: kind, pick: p })),
    ...Array(LIST_READ_WEIGHT).fill(listRead),
    pageRead,
  ];
};
