import { Collection } from "@msw/data";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IndexedRecords } from "../../src/core/store/indexed-records.js";
import { createPetstoreApp, createPetstoreStore, seed } from "../../src/index.js";

// The bug: `reset()`, `restore()` and every table's `clear()` emptied @msw/data collections with the
// collection's own `clear()`, which deletes records one at a time, each delete a scan of the whole
// collection and a splice: quadratic, 1.5 s at 10,000 pets and 4 s at 20,000, too slow for a reset
// between tests (issue 27, item 6). Fix: a table empties itself by replacing its collection and its
// indexes. No timing here: the test counts the collection's one-by-one deletes (none), and checks the
// table's read-only `collection` view follows the new collection. `pnpm bench` measures the time.
// A few changes (at most 100 records a table) are undone record by record instead, each removal of a
// record added since the baseline a scan of the collection: bounded, so still linear.
afterEach(() => {
  vi.restoreAllMocks();
});

async function storeWithExtraPets(extra: number) {
  const store = createPetstoreStore();
  await seed(store);
  const baseline = store.snapshot();
  for (let index = 0; index < extra; index++) {
    await store.pets.insert({ name: `Extra ${index}`, categoryId: 1, status: "available" });
  }
  return { store, baseline };
}

describe("emptying a store", () => {
  it("deletes no record one by one on reset() after many changes, restore() or clear()", async () => {
    const { store, baseline } = await storeWithExtraPets(1_000);
    const clears = vi.spyOn(Collection.prototype, "clear");
    const deletes = vi.spyOn(Collection.prototype, "delete");
    const deleteMany = vi.spyOn(Collection.prototype, "deleteMany");

    await store.reset();
    await store.restore(store.snapshot());
    store.orders.clear();

    expect({
      clear: clears.mock.calls.length,
      delete: deletes.mock.calls.length,
      deleteMany: deleteMany.mock.calls.length,
    }).toEqual({ clear: 0, delete: 0, deleteMany: 0 });
    expect(store.pets.size).toBe(baseline.pets.records.length);
  });

  it("leaves the collection view reading the records the table holds", async () => {
    const { store, baseline } = await storeWithExtraPets(50);
    const view = store.pets.collection;
    expect(view.count()).toBe(70);

    await store.reset();

    expect(store.snapshot()).toEqual(baseline);
    expect(view.count()).toBe(20);
    expect(view.all().map((pet) => pet.id)).toEqual([...store.pets.values()].map((pet) => pet.id));
    expect(view.findFirst((q) => q.where({ id: 2 }))?.name).toBe("Misty");
    expect(view.findMany((q) => q.where({ name: "Extra 1" }))).toEqual([]);
    // A write after the reset reaches the view too.
    const pet = await store.pets.insert({ name: "After", categoryId: 1, status: "sold" });
    expect(view.findFirst((q) => q.where({ id: pet.id }))?.name).toBe("After");
  });

  it("puts back as many records after many changes, whatever the store held before", async () => {
    const creates = vi.spyOn(IndexedRecords.prototype, "add");
    const small = await storeWithExtraPets(200);
    const large = await storeWithExtraPets(2_000);
    creates.mockClear();
    await small.store.reset();
    const smallResetCreates = creates.mock.calls.length;
    creates.mockClear();
    await large.store.reset();
    expect(creates.mock.calls.length).toBe(smallResetCreates);
    expect(smallResetCreates).toBe(small.baseline.pets.records.length);
  });

  it("puts back nothing when nothing changed, and undoes a few changes in place", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 1_000 });
    const seeded = store.snapshot();
    const app = createPetstoreApp({ store });
    const creates = vi.spyOn(IndexedRecords.prototype, "add");

    await store.reset();
    expect(creates).not.toHaveBeenCalled();

    const json = { authorization: "Bearer petstore-demo-key", "content-type": "application/json" };
    const send = (method: string, path: string, body?: unknown) =>
      app.handle({
        method,
        path,
        query: new URLSearchParams(),
        header: (name) => json[name.toLowerCase() as keyof typeof json] ?? null,
        body: body === undefined ? null : new TextEncoder().encode(JSON.stringify(body)),
        baseUrl: "http://127.0.0.1:4010",
      });
    expect((await send("POST", "/store/orders", { petId: 1, quantity: 1 })).status).toBe(201);
    expect((await send("PATCH", "/pets/2", { name: "Renamed" })).status).toBe(200);
    expect((await send("PATCH", "/categories/6", { description: "Changed" })).status).toBe(200);
    expect((await send("POST", "/pets", { name: "New", categoryId: 1 })).status).toBe(201);
    creates.mockClear();

    await store.reset();

    expect(creates).not.toHaveBeenCalled();
    expect(store.snapshot()).toEqual(seeded);
    expect(store.pets.page({ where: { status: ["available"] }, offset: 0, limit: 5 }).total).toBe(
      seeded.pets.records.filter((pet) => pet.status === "available").length,
    );
  });

  it("puts a table back whole when a record of the baseline was removed, keeping ascending ids", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 50 });
    const seeded = store.snapshot();
    store.pets.remove(store.pets.get(2)!);
    await store.pets.insert({ name: "New", categoryId: 1, status: "available" });

    await store.reset();

    expect(store.snapshot()).toEqual(seeded);
    const ids = store.pets.collection.all().map((pet) => pet.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect([...store.pets.values()].map((pet) => pet.id)).toEqual(ids);
  });
});
