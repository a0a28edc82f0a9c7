// Tables record which keys were written since the last drain (for adapters that keep records elsewhere,
// one row per record: the Worker's Durable Object storage), without changing anything else they do.
import { describe, expect, it } from "vitest";
import { createPetstoreStore, seed } from "../src/index.js";

describe("a table's change tracking", () => {
  it("records nothing until asked", async () => {
    const store = createPetstoreStore();
    await store.pets.insert({ name: "Rex", categoryId: 1, status: "available" });
    expect(store.pets.drainChanges()).toEqual({ cleared: false, keys: [] });
  });

  it("lists each key inserted, updated or removed once, in ascending order, and starts over at each drain", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 5 });
    store.pets.trackChanges();
    const added = await store.pets.insert({ name: "Biscuit", categoryId: 1, status: "available" });
    store.pets.update(store.pets.get(3)!, { name: "Renamed" });
    store.pets.update(store.pets.get(3)!, { status: "sold" });
    store.pets.remove(store.pets.get(1)!);
    expect(store.pets.drainChanges()).toEqual({ cleared: false, keys: [1, 3, added.id] });
    expect(store.pets.get(1)).toBeUndefined();
    expect(store.pets.drainChanges()).toEqual({ cleared: false, keys: [] });
    expect(store.categories.drainChanges()).toEqual({ cleared: false, keys: [] });
  });

  it("says when the table was emptied (a restore, a reset put back whole), then lists only the keys written after", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 5 });
    const saved = store.snapshot();
    store.pets.trackChanges();
    store.pets.update(store.pets.get(2)!, { name: "Gone by the restore" });
    await store.restore(saved);
    const changes = store.pets.drainChanges();
    expect(changes.cleared).toBe(true);
    expect(changes.keys).toEqual(saved.pets.records.map((pet) => pet.id));
  });

  it("tracks a reset undone record by record like any other write", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 5 });
    store.pets.trackChanges();
    const added = await store.pets.insert({ name: "Temporary", categoryId: 1, status: "available" });
    store.pets.update(store.pets.get(4)!, { name: "Changed" });
    store.pets.drainChanges();
    await store.reset();
    expect(store.pets.drainChanges()).toEqual({ cleared: false, keys: [4, added.id] });
    expect(store.pets.get(added.id)).toBeUndefined();
  });

  it("changes nothing else: the write counter, the snapshot and the rollback behave as before", async () => {
    const tracked = createPetstoreStore();
    const plain = createPetstoreStore();
    for (const store of [tracked, plain]) {
      await seed(store, { pets: 5 });
    }
    tracked.pets.trackChanges();
    for (const store of [tracked, plain]) {
      await store.pets.insert({ name: "Both", categoryId: 2, status: "pending" });
      await store.reset();
    }
    expect(tracked.snapshot()).toEqual(plain.snapshot());
    expect(tracked.pets.writes).toBe(plain.pets.writes);
  });
});
