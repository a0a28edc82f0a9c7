// Read commands: one record, or every page of a list, compared with the model.

import { pageSize } from "@petstore/contract";
import fc from "fast-check";
import { type Command, choose, command, expectEqual, expectOutcome, Failure, type Pick, send } from "./command.js";
import { categoryBody, inventoryBody, type ModelOrder, petBody, type Status } from "./model.js";

/** Where each list is read, the model table that predicts it (inventory: the pets' stock), and its records' bodies. */
const LISTS = {
  pets: { table: "pets", url: "/pets", body: petBody },
  inventory: { table: "pets", url: "/store/inventory", body: inventoryBody },
  // An order placed without a shipDate gets one from the mock.
  orders: {
    table: "orders",
    url: "/store/orders",
    body: (order: ModelOrder, returned?: ModelOrder) => ({ ...order, shipDate: order.shipDate ?? returned?.shipDate }),
  },
  categories: { table: "categories", url: "/categories", body: categoryBody },
} as const;
type List = keyof typeof LISTS;

/** The model's record as the API answers it (`returned`: what the API did answer). */
const bodyOf = (list: List) => LISTS[list].body as (record: unknown, returned?: unknown) => unknown;

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
    expectEqual("model.record", ran, response.json, bodyOf(list)(record, response.json));
  });

/** The query of the `index`th filter of a list, and the records it keeps. */
function filterOf(list: List, index: number): [query: string, keeps: (record: Record<string, unknown>) => boolean] {
  if (list === "pets" || list === "inventory") {
    const statuses: Status[][] = [[], ["available"], ["pending", "sold"], ["sold"]];
    const wanted = statuses[index % statuses.length]!;
    const query = wanted.map((value) => `&status=${value}`).join("");
    return [query, (pet) => wanted.length === 0 || wanted.includes(pet.status as Status)];
  }
  const complete = list === "orders" ? [undefined, false, true][index % 3] : undefined;
  return [
    complete === undefined ? "" : `&complete=${complete}`,
    (order) => complete === undefined || order.complete === complete,
  ];
}

/**
 * Reads every page of a list through the API (at most `model.maxPages`) and compares it with the
 * model: the records, the filter, and the paging (`X-Total-Count`, pages no longer than `limit`).
 */
const readAll = (list: List, limit: number, filterIndex: number) =>
  command(`list ${list} (limit ${limit})`, async (model, real, did) => {
    const [query, keeps] = filterOf(list, filterIndex);
    const items: unknown[] = [];
    let url: string | null = `${LISTS[list].url}?limit=${limit}${query}`;
    let total = -1;
    for (let pages = 0; url && pages < model.maxPages; pages++) {
      const response = await send(model, real, "GET", url);
      const ran = did(`GET ${url} → ${response.status}`);
      expectOutcome(ran, response, 200);
      total = Number(response.headers.get("x-total-count"));
      const page = response.json as unknown[];
      if (page.length > limit) {
        throw new Failure(
          "model.paging",
          `${ran}: ${page.length} records on a page of limit ${limit}`,
          `at most ${limit}`,
        );
      }
      items.push(...page);
      const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
      url = next ? next[1]!.slice(real.target.baseUrl.length) : null;
      if (items.length > 10_000) {
        throw new Failure("model.paging", `${ran}: the next links never end`, "a last page");
      }
    }
    const expected = [...model[LISTS[list].table].values()]
      .filter((record) => keeps(record as unknown as Record<string, unknown>))
      .sort((a, b) => a.id - b.id)
      .map((record, index) => bodyOf(list)(record, items[index]));
    const ran = did(`list ${list}${query ? ` (${query.slice(1)})` : ""} (limit ${limit}): ${items.length} records`);
    // When the page bound stopped the read, the pages read are the first records of the list. The
    // count of a filtered list is the filter's: a wrong one there is the filter's fault, not paging's.
    expectEqual(query ? "model.list-filter" : "model.record", ran, items, expected.slice(0, items.length));
    expectEqual(query ? "model.list-filter" : "model.paging", `${ran} (X-Total-Count)`, total, expected.length);
    if (!url && items.length !== expected.length) {
      throw new Failure(
        "model.paging",
        `${ran}: the last page came after ${items.length} of ${expected.length} records`,
        `${expected.length} records`,
      );
    }
  });

/** A page size: mostly small, so that lists run over several pages and their `Link`s are followed. */
const pageLimit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: pageSize.minimum, max: Math.min(pageSize.maximum, 10) }) },
  { weight: 1, arbitrary: fc.integer({ min: pageSize.minimum, max: pageSize.maximum }) },
);

/**
 * fast-check picks among the commands evenly; list reads come three times, so that about a quarter
 * of the commands read a list, each with a filter and a page size of its own.
 */
const LIST_READ_WEIGHT = 3;

export const readCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => {
  const list = fc.constantFrom<List>("pets", "inventory", "orders", "categories");
  const listRead = fc.tuple(list, pageLimit, fc.nat()).map(([kind, limit, filter]) => readAll(kind, limit, filter));
  return [fc.tuple(list, pick).map(([kind, p]) => readOne(kind, p)), ...Array(LIST_READ_WEIGHT).fill(listRead)];
};
