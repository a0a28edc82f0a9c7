// Read commands: one record, or every page of a list, compared with the model.

import { pageSize } from "@petstore/contract";
import fc from "fast-check";
import {
  Base,
  type Command,
  choose,
  expectEqual,
  expectOutcome,
  Failure,
  type Pick,
  type Real,
  send,
} from "./command.js";
import { categoryBody, type Model, type ModelOrder, petBody, type Status } from "./model.js";

class ReadOne extends Base {
  constructor(
    readonly kind: "pet" | "inventory" | "order" | "category",
    readonly pick: Pick,
  ) {
    super();
  }
  describe() {
    return `get ${this.kind}`;
  }
  async run(model: Model, real: Real) {
    const table = this.kind === "order" ? model.orders : this.kind === "category" ? model.categories : model.pets;
    const gone =
      this.kind === "order" ? model.gone.orders : this.kind === "category" ? model.gone.categories : model.gone.pets;
    const id = choose(table.keys(), gone, this.pick);
    const url = {
      pet: `/pets/${id}`,
      inventory: `/store/inventory/${id}`,
      order: `/store/orders/${id}`,
      category: `/categories/${id}`,
    }[this.kind];
    const response = await send(model, real, "GET", url);
    this.ran = `GET ${url} → ${response.status}`;
    if (!table.has(id)) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    expectOutcome(this.ran, response, 200);
    if (this.kind === "pet") {
      expectEqual(this.ran, response.json, petBody(model.pets.get(id)!));
    } else if (this.kind === "inventory") {
      const pet = model.pets.get(id)!;
      expectEqual(this.ran, response.json, { petId: id, quantity: pet.stock, status: pet.status });
    } else if (this.kind === "category") {
      expectEqual(this.ran, response.json, categoryBody(model.categories.get(id)!));
    } else {
      const order = model.orders.get(id)!;
      const returned = response.json as ModelOrder;
      expectEqual(this.ran, returned, { ...order, shipDate: order.shipDate ?? returned.shipDate });
    }
  }
}

/** Reads every page of a list through the API and compares it with the model (paging included). */
class ReadAll extends Base {
  constructor(
    readonly list: "pets" | "inventory" | "orders" | "categories",
    readonly limit: number,
    readonly filter: number,
  ) {
    super();
  }
  describe() {
    return `list ${this.list} (limit ${this.limit})`;
  }
  async run(model: Model, real: Real) {
    const statuses: Status[][] = [[], ["available"], ["pending", "sold"], ["sold"]];
    const wanted = statuses[this.filter % statuses.length]!;
    const filter =
      this.list === "pets" || this.list === "inventory"
        ? wanted.map((value) => `&status=${value}`).join("")
        : this.list === "orders"
          ? ["", "&complete=false", "&complete=true"][this.filter % 3]!
          : "";
    const path = { pets: "/pets", inventory: "/store/inventory", orders: "/store/orders", categories: "/categories" }[
      this.list
    ];
    const items: unknown[] = [];
    let url: string | null = `${path}?limit=${this.limit}${filter}`;
    let total = -1;
    while (url) {
      const response = await send(model, real, "GET", url);
      this.ran = `GET ${url} → ${response.status}`;
      expectOutcome(this.ran, response, 200);
      total = Number(response.headers.get("x-total-count"));
      items.push(...(response.json as unknown[]));
      const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
      url = next ? next[1]!.slice(real.target.baseUrl.length) : null;
      if (items.length > 10_000) {
        throw new Failure(`${this.ran}: the next links never end`);
      }
    }
    const matches = (value: Status) => wanted.length === 0 || wanted.includes(value);
    let expected: unknown[];
    if (this.list === "pets") {
      expected = [...model.pets.values()].filter((pet) => matches(pet.status)).map(petBody);
    } else if (this.list === "inventory") {
      expected = [...model.pets.values()]
        .filter((pet) => matches(pet.status))
        .map((pet) => ({ petId: pet.id, quantity: pet.stock, status: pet.status }));
    } else if (this.list === "categories") {
      expected = [...model.categories.values()].map(categoryBody);
    } else {
      const complete = [undefined, false, true][this.filter % 3];
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
    this.ran = `${this.describe()}: ${items.length} records`;
    expectEqual(`${this.ran} (X-Total-Count)`, total, expected.length);
    expectEqual(this.ran, items, expected);
  }
}

export const readCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc
    .tuple(fc.constantFrom("pet", "inventory", "order", "category") as fc.Arbitrary<ReadOne["kind"]>, pick)
    .map(([kind, p]) => new ReadOne(kind, p)),
  fc
    .tuple(
      fc.constantFrom("pets", "inventory", "orders", "categories") as fc.Arbitrary<ReadAll["list"]>,
      fc.integer({ min: pageSize.minimum, max: pageSize.maximum }),
      fc.nat(),
    )
    .map(([list, limit, filter]) => new ReadAll(list, limit, filter)),
];
