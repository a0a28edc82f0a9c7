import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkSnapshot, readSnapshot, type Snapshot, toSnapshot } from "../src/core/index.js";
import { contract, createPetstoreStore, seed } from "../src/index.js";

// The snapshot format (openapi/control.yaml, Snapshot): each rule of a valid snapshot, and the first
// problem of an invalid one named with its place, as the control API and `--state` files report it.
const caps = { maxCategories: 10, maxPets: 10, maxOrders: 10 };

/** A small valid snapshot: two categories, three pets (one sold), their stock, an open and a complete order. */
const valid = (): Snapshot => ({
  format: "petstore-snapshot",
  version: 1,
  categories: [
    { id: 1, name: "Dogs" },
    { id: 2, name: "Cats", description: "Independent." },
  ],
  pets: [
    { id: 1, name: "Rex", categoryId: 1, status: "available" },
    { id: 2, name: "Misty", categoryId: 2, status: "pending" },
    { id: 3, name: "Kiwi", categoryId: 1, status: "sold" },
  ],
  orders: [
    { id: 1, petId: 1, quantity: 2, complete: false },
    { id: 2, petId: 3, quantity: 1, shipDate: "2026-12-01T10:00:00.000Z", complete: true },
  ],
  inventory: [
    { petId: 1, quantity: 5, status: "available" },
    { petId: 2, quantity: 0, status: "pending" },
    { petId: 3, quantity: 0, status: "sold" },
  ],
  nextIds: { categories: 3, pets: 4, orders: 3 },
});

/** The refusal of a snapshot changed by `change`. */
function problemOf(change: (snapshot: Snapshot) => void): { status: number; code: string; message: string } {
  const snapshot = valid();
  change(snapshot);
  try {
    checkSnapshot(snapshot, caps);
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string };
    return { status, code, message };
  }
  throw new Error("the snapshot was accepted");
}

describe("a snapshot", () => {
  it("is accepted when every record and every rule between them holds", () => {
    expect(checkSnapshot(valid(), caps)).toEqual(valid());
  });

  it("of a store round-trips: the store's state, as a snapshot, reads back to the same state", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 30 });
    const state = store.snapshot();
    const read = readSnapshot(JSON.parse(JSON.stringify(toSnapshot(state))), documentCaps());
    expect(read.pets).toEqual(state.pets);
    expect(read.categories).toEqual(state.categories);
    expect(read.orders).toEqual(state.orders);
    expect(read.inventory.records).toEqual(state.inventory.records);
  });

  it("as the docs show it (docs/mock/sessions.md) is one the mock takes", () => {
    const page = readFileSync(new URL("../../../docs/mock/sessions.md", import.meta.url), "utf8");
    const shown = /## Control API[\s\S]*?```json\n([\s\S]*?)```/.exec(page)?.[1];
    expect(shown, "the Control API section of docs/mock/sessions.md shows a snapshot").toBeDefined();
    expect(readSnapshot(JSON.parse(shown!), caps).pets.records).toHaveLength(1);
  });

  it("may list records in any order and leave out nextIds: each collection goes on past its highest id", () => {
    const snapshot = valid();
    snapshot.pets.reverse();
    delete snapshot.nextIds;
    const state = readSnapshot(snapshot, caps);
    expect(state.pets.records.map((pet) => pet.id)).toEqual([1, 2, 3]);
    expect([state.categories.nextKey, state.pets.nextKey, state.orders.nextKey]).toEqual([3, 4, 3]);
  });
});

describe("an invalid snapshot is refused, naming its first problem and where", () => {
  const cases: [string, (snapshot: Snapshot) => void, string, string][] = [
    ["not a snapshot", (s) => Object.assign(s, { format: "db.json" }), "INVALID_FIELD", "format must be one of"],
    ["a missing collection", (s) => delete (s as Partial<Snapshot>).orders, "MISSING_FIELD", "orders is required"],
    [
      "a record that breaks its schema",
      (s) => Object.assign(s.pets[1]!, { name: "" }),
      "INVALID_FIELD",
      "pets[1].name",
    ],
    [
      "a field no record has",
      (s) => Object.assign(s.orders[0]!, { note: "x" }),
      "UNKNOWN_FIELD",
      "orders[0].note is not a field",
    ],
    [
      "a repeated id",
      (s) => Object.assign(s.pets[2]!, { id: 1 }),
      "INVALID_FIELD",
      "pets[2].id: pet 1 is also pets[0]",
    ],
    [
      "a repeated category name",
      (s) => Object.assign(s.categories[1]!, { name: " dogs " }),
      "INVALID_FIELD",
      "categories[1].name:",
    ],
    [
      "a pet in no category",
      (s) => Object.assign(s.pets[1]!, { categoryId: 9 }),
      "INVALID_FIELD",
      "pets[1].categoryId: category 9 does not exist",
    ],
    [
      "stock of no pet",
      (s) => s.inventory.push({ petId: 7, quantity: 1, status: "available" }),
      "INVALID_FIELD",
      "inventory[3].petId: pet 7 does not exist",
    ],
    [
      "stock with another status",
      (s) => Object.assign(s.inventory[1]!, { status: "sold" }),
      "INVALID_FIELD",
      "inventory[1].status:",
    ],
    ["a pet without stock", (s) => s.inventory.pop(), "INVALID_FIELD", "pets[2]: pet 3 has no inventory entry"],
    [
      "an open order of a gone pet",
      (s) => Object.assign(s.orders[0]!, { petId: 8 }),
      "INVALID_FIELD",
      "orders[0].petId: pet 8 does not exist",
    ],
    [
      "an open order of a sold pet",
      (s) => Object.assign(s.orders[1]!, { complete: false }),
      "INVALID_FIELD",
      "orders[1].complete:",
    ],
    [
      "stock of a sold pet",
      (s) => Object.assign(s.inventory[2]!, { quantity: 1 }),
      "INVALID_FIELD",
      "inventory[2].quantity: pet 3 is sold",
    ],
    [
      "stock and reserved units past the limit",
      (s) => Object.assign(s.inventory[0]!, { quantity: contract.maxStock }),
      "INVALID_FIELD",
      `inventory[0].quantity: ${contract.maxStock} plus the 2 units`,
    ],
    [
      "a next id not above every id",
      (s) => Object.assign(s.nextIds!, { pets: 3 }),
      "INVALID_FIELD",
      "nextIds.pets: 3 is not above",
    ],
  ];
  it.each(cases)("%s", (_what, change, code, message) => {
    expect(problemOf(change)).toMatchObject({ status: 400, code, message: expect.stringContaining(message) });
  });

  it("answers a collection past the store's cap with 507 STORAGE_FULL", () => {
    const tooMany = (s: Snapshot) => {
      delete s.nextIds;
      for (let id = 3; id <= 11; id++) {
        s.categories.push({ id, name: `Category ${id}` });
      }
    };
    expect(problemOf(tooMany)).toMatchObject({
      status: 507,
      code: "STORAGE_FULL",
      message: expect.stringContaining("categories"),
    });
  });
});

function documentCaps() {
  return {
    maxCategories: contract.limits.maxCategories,
    maxPets: contract.limits.maxPets,
    maxOrders: contract.limits.maxOrders,
  };
}
