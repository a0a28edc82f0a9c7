import { expect, it } from "vitest";
import { createPetstoreStore, seed } from "../../src/index.js";

// The bug: `store.pets.collection` was the table's @msw/data collection itself, so
// `collection.update()` replaced a record behind the table's back: `store.pets.get(1)` and the
// status index kept the old record, and lists disagreed with reads. It is now a frozen view with
// the reads only; writes go through the table.
it("a table's collection offers reads only, so no write can bypass the table's indexes", async () => {
  const store = createPetstoreStore();
  await seed(store);
  const collection = store.pets.collection as unknown as Record<string, unknown>;
  for (const write of ["create", "createMany", "update", "updateMany", "delete", "deleteMany", "clear"]) {
    expect(collection[write], write).toBeUndefined();
  }
  expect(Object.isFrozen(collection)).toBe(true);
  // `all()` hands out a copy, not the collection's own array.
  store.pets.collection.all().length = 0;
  expect(store.pets.collection.count()).toBe(20);
  // A write through the table shows in the collection's reads and in the indexes alike.
  store.pets.update(store.pets.get(1)!, { status: "sold" });
  expect(store.pets.collection.findFirst((q) => q.where({ id: 1 }))?.status).toBe("sold");
  expect(store.pets.page({ where: { status: ["sold"] }, offset: 0, limit: 100 }).items).toContain(store.pets.get(1));
});
