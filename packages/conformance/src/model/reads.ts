// Read commands: one record, or every page of a list, compared with the model.

import { pageSize } from "@petstore/contract";
import fc from "fast-check";
import { type Command, choose, command, expectEqual, expectOutcome, Failure, type Pick, send } from "./command.js";
import { categoryBody, type ModelOrder, type ModelPet, petBody, type Status } from "./model.js";

/** Where each kind of record is read, and the model table that predicts it (inventory: the pets' stock). */
const RECORDS = {
  pet: { table: "pets", url: "/pets" },
  inventory: { table: "pets", url: "/store/inventory" },
  order: { table: "orders", url: "/store/orders" },
  category: { table: "categories", url: "/categories" },
} as const;

const inventoryBody = (pet: ModelPet) => ({ petId: pet.id, quantity: pet.stock, status: pet.status });

const readOne = (kind: keyof typeof RECORDS, pick: Pick) =>
  command(`get ${kind}`, async (model, real, did) => {
    const { table, url: collection } = RECORDS[kind];
    const id = choose(model[table].keys(), model.gone[table], pick);
    const url = `${collection}/${id}`;
    const response = await send(model, real, "GET", url);
    const ran = did(`GET ${url} → ${response.status}`);
    if (!model[table].has(id)) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    expectOutcome(ran, response, 200);
    if (kind === "order") {
      const order = model.orders.get(id)!;
      const returned = response.json as ModelOrder;
      expectEqual(ran, returned, { ...order, shipDate: order.shipDate ?? returned.shipDate });
    } else if (kind === "category") {
      expectEqual(ran, response.json, categoryBody(model.categories.get(id)!));
    } else {
      expectEqual(ran, response.json, (kind === "pet" ? petBody : inventoryBody)(model.pets.get(id)!));
    }
  });

/** Reads every page of a list through the API and compares it with the model (paging included). */
const readAll = (list: "pets" | "inventory" | "orders" | "categories", limit: number, filterIndex: number) =>
  command(`list ${list} (limit ${limit})`, async (model, real, did) => {
    const statuses: Status[][] = [[], ["available"], ["pending", "sold"], ["sold"]];
    const wanted = statuses[filterIndex % statuses.length]!;
    const filter =
      list === "pets" || list === "inventory"
        ? wanted.map((value) => `&status=${value}`).join("")
        : list === "orders"
          ? ["", "&complete=false", "&complete=true"][filterIndex % 3]!
          : "";
    const path = { pets: "/pets", inventory: "/store/inventory", orders: "/store/orders", categories: "/categories" }[
      list
    ];
    const items: unknown[] = [];
    let url: string | null = `${path}?limit=${limit}${filter}`;
    let total = -1;
    while (url) {
      const response = await send(model, real, "GET", url);
      const ran = did(`GET ${url} → ${response.status}`);
      expectOutcome(ran, response, 200);
      total = Number(response.headers.get("x-total-count"));
      items.push(...(response.json as unknown[]));
      const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
      url = next ? next[1]!.slice(real.target.baseUrl.length) : null;
      if (items.length > 10_000) {
        throw new Failure(`${ran}: the next links never end`);
      }
    }
    const matches = (value: Status) => wanted.length === 0 || wanted.includes(value);
    let expected: unknown[];
    if (list === "pets") {
      expected = [...model.pets.values()].filter((pet) => matches(pet.status)).map(petBody);
    } else if (list === "inventory") {
      expected = [...model.pets.values()].filter((pet) => matches(pet.status)).map(inventoryBody);
    } else if (list === "categories") {
      expected = [...model.categories.values()].map(categoryBody);
    } else {
      const complete = [undefined, false, true][filterIndex % 3];
      expected = [...model.orders.values()].filter((order) => complete === undefined || order.complete === complete);
      items.forEach((item, index) => {
        const order = expected[index] as ModelOrder | undefined;
        if (order && order.shipDate === undefined) {
          delete (item as ModelOrder).shipDate;
        }
      });
    }
    const key = (record: unknown) =>
      (record as { id?: number; petId: number }).id ?? (record as { petId: number }).petId;
    expected.sort((a, b) => key(a) - key(b));
    const ran = did(`list ${list} (limit ${limit}): ${items.length} records`);
    expectEqual(`${ran} (X-Total-Count)`, total, expected.length);
    expectEqual(ran, items, expected);
  });

export const readCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc
    .tuple(fc.constantFrom<keyof typeof RECORDS>("pet", "inventory", "order", "category"), pick)
    .map(([kind, p]) => readOne(kind, p)),
  fc
    .tuple(
      fc.constantFrom("pets", "inventory", "orders", "categories") as fc.Arbitrary<Parameters<typeof readAll>[0]>,
      fc.integer({ min: pageSize.minimum, max: pageSize.maximum }),
      fc.nat(),
    )
    .map(([list, limit, filter]) => readAll(list, limit, filter)),
];
