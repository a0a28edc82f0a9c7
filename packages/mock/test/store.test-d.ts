import { describe, expectTypeOf, it } from "vitest";
import type { Pet, StoredOrder } from "../src/core/store/records.js";
import { createPetstoreStore } from "../src/index.js";

// Compile-time checks, run by vitest's typecheck: each @ts-expect-error must be an error, each
// expectTypeOf must hold, or `vitest run` fails. Nothing here runs.
const store = createPetstoreStore();

describe("store", () => {
  it("offers reads only through a table's collection: writes would bypass the table's indexes", () => {
    const collection = store.pets.collection;
    expectTypeOf(collection.findMany((q) => q.where({ status: "sold" }))).items.toExtend<Pet>();
    expectTypeOf(collection.findFirst((q) => q.where({ id: 1 }))).toExtend<Pet | undefined>();
    expectTypeOf(collection.count()).toEqualTypeOf<number>();
    expectTypeOf(collection.all()).items.toExtend<Pet>();
    for (const write of ["create", "createMany", "update", "updateMany", "delete", "deleteMany", "clear"] as const) {
      expectTypeOf(collection).not.toHaveProperty(write);
    }
    // @ts-expect-error: update through the table: store.pets.update(pet, changes).
    void collection.update((q) => q.where({ id: 1 }), { data: (pet) => pet });
    // @ts-expect-error: remove through the table: store.pets.remove(pet).
    collection.delete((q) => q.where({ id: 1 }));
    // @ts-expect-error: insert through the table: store.pets.insert(values).
    void collection.create({ id: 1, name: "Rex", categoryId: 1, status: "available" });
  });

  it("types a new record: every field of a stored one, the key optional", () => {
    void store.pets.insert({ name: "Rex", categoryId: 1, status: "available" });
    void store.pets.insert({ id: 7, name: "Rex", categoryId: 1, status: "available" });
    // @ts-expect-error: a pet needs a name.
    void store.pets.insert({ categoryId: 1, status: "available" });
    // @ts-expect-error: "lost" is not a PetStatus.
    void store.pets.insert({ name: "Rex", categoryId: 1, status: "lost" });
    // @ts-expect-error: a stored order always has its completion flag.
    void store.orders.insert({ petId: 1, quantity: 1 });
    void store.orders.insert({ petId: 1, quantity: 1, complete: false });
    // @ts-expect-error: a stock quantity is a number.
    void store.inventory.insert({ petId: 1, quantity: "1", status: "available" });
    expectTypeOf(store.orders.insert).returns.resolves.toEqualTypeOf<StoredOrder>();
  });
});
