import { Collection, OperationError } from "@msw/data";
import { afterEach, expect, it, vi } from "vitest";
import { createPetstoreStore, type PetstoreStore, seed } from "../../src/index.js";

// A table's writes no longer go through @msw/data's `Collection.create` (a copy, an async schema check, a UUID,
// 11-15 µs an insert on the POST path): the table stores records at once, and the @msw/data collection behind
// `store.<table>.collection` is brought up to date when the view is read. The risk: a view that misses a write,
// shows a removed record, or hands out records that are not @msw/data records. Each step below writes without
// awaiting, then reads the view.
afterEach(() => {
  vi.restoreAllMocks();
});

/** The view shows exactly the table's records, the same objects, in the same order. */
function expectViewToMatch(store: PetstoreStore) {
  const view = store.pets.collection;
  const records = [...store.pets.values()];
  expect(view.count()).toBe(records.length);
  const all = view.all();
  expect(all.length).toBe(records.length);
  all.forEach((record, at) => {
    expect(record).toBe(records[at]);
  });
}

it("shows every insert, update, removal, clear and reset made without awaiting", async () => {
  const store = createPetstoreStore();
  await seed(store, { pets: 5 });
  store.markBaseline();
  expectViewToMatch(store);

  void store.pets.insert({ name: "Added", categoryId: 1, status: "available" });
  void store.pets.insert({ name: "Second", categoryId: 1, status: "sold" });
  expectViewToMatch(store);
  expect(store.pets.collection.findFirst((q) => q.where({ name: "Second" }))?.status).toBe("sold");

  store.pets.update(store.pets.get(2)!, { name: "Renamed" });
  expect(store.pets.collection.findFirst((q) => q.where({ id: 2 }))?.name).toBe("Renamed");

  store.pets.remove(store.pets.get(3)!);
  void store.pets.insert({ name: "After removal", categoryId: 1, status: "available" });
  expectViewToMatch(store);
  expect(store.pets.collection.findFirst((q) => q.where({ id: 3 }))).toBeUndefined();

  const reset = store.reset();
  await reset;
  expectViewToMatch(store);
  expect(store.pets.collection.findMany((q) => q.where({ name: "Added" }))).toEqual([]);

  store.pets.clear();
  expectViewToMatch(store);
  expect(store.pets.collection.count()).toBe(0);
  void store.pets.insert({ name: "Alone", categoryId: 1, status: "available" });
  expectViewToMatch(store);
});

it("hands out @msw/data records: the same marks as Collection.create's, a primary key each, cursors that work", async () => {
  const store = createPetstoreStore();
  await seed(store, { pets: 5 });
  const made = await new Collection({
    schema: { "~standard": { version: 1, vendor: "test", validate: (value: unknown) => ({ value: value as object }) } },
  }).create({ name: "x" });
  const records = store.pets.collection.all();
  for (const record of records) {
    expect(Object.getOwnPropertySymbols(record)).toEqual(Object.getOwnPropertySymbols(made));
    expect(Object.keys(record)).toEqual(Object.keys({ ...record }));
  }
  const [first, second] = Object.getOwnPropertySymbols(made);
  expect(new Set(records.map((record) => (record as Record<symbol, unknown>)[first!])).size).toBe(records.length);
  expect((records[0] as Record<symbol, unknown>)[second!]).toBeInstanceOf(Map);
  const afterSecond = store.pets.collection.findMany(undefined, { cursor: records[1]!, take: 2 });
  expect(afterSecond.map((pet) => pet.id)).toEqual([records[1]!.id, records[2]!.id]);
});

it("refuses a record the schema refuses as @msw/data's create does, storing nothing", async () => {
  const store = createPetstoreStore();
  const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const refused = await store.pets.insert({ name: "", categoryId: 1, status: "available" }).catch((error) => error);
  const refusedByCollection = await new Collection({
    schema: { "~standard": { version: 1, vendor: "test", validate: () => ({ issues: [{ message: "no" }] }) } },
  })
    .create({})
    .catch((error) => error);
  expect(refused).toBeInstanceOf(OperationError);
  expect({ message: refused.message, code: refused.code }).toEqual({
    message: refusedByCollection.message,
    code: refusedByCollection.code,
  });
  expect(printed).toHaveBeenCalledWith([expect.objectContaining({ path: ["name"] })]);
  expect(store.pets.size).toBe(0);
  expect(store.pets.collection.count()).toBe(0);
});
