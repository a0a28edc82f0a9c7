import { describe, expect, it, vi } from "vitest";
import { createPetstoreFetch, createPetstoreStore, reset, seed } from "../src/index.js";

describe("the store", () => {
  it("gives the same demo data for the same seed, and different data for another", async () => {
    const dump = async (seedValue: number) => {
      const store = createPetstoreStore();
      await seed(store, { pets: 50, seed: seedValue });
      return store.snapshot();
    };
    expect(await dump(7)).toEqual(await dump(7));
    expect((await dump(7)).pets).not.toEqual((await dump(8)).pets);
  });

  it("keeps every demo pet's stock entry in the pet's status, and reserved stock consistent", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 200 });
    for (const pet of store.pets.values()) {
      const item = store.inventory.get(pet.id)!;
      expect(item.status).toBe(pet.status);
      const open = [...store.orders.values()].filter((order) => order.petId === pet.id && !order.complete);
      if (pet.status === "pending") {
        expect(item.quantity).toBe(0);
      }
      if (pet.status === "sold") {
        expect(item.quantity).toBe(0);
        expect(open).toHaveLength(0);
      }
    }
  });

  it("isolates stores: two mocks side by side share nothing", async () => {
    const a = createPetstoreFetch();
    const b = createPetstoreFetch();
    const headers = { Authorization: "Bearer petstore-demo-key", "Content-Type": "application/json" };
    await a("http://127.0.0.1:4010/pets/2", { method: "DELETE", headers });
    expect((await a("http://127.0.0.1:4010/pets/2", { headers })).status).toBe(404);
    expect((await b("http://127.0.0.1:4010/pets/2", { headers })).status).toBe(200);
  });

  it("restores a snapshot and resets to the seeded state", async () => {
    const store = createPetstoreStore();
    await seed(store, { pets: 5 });
    const seeded = store.snapshot();
    const pet = store.pets.get(1)!;
    store.pets.update(pet, { name: "Changed" });
    await store.pets.insert({ name: "New", categoryId: 1, status: "available" });
    const changed = store.snapshot();
    await reset(store);
    expect(store.snapshot()).toEqual(seeded);
    await store.restore(changed);
    expect(store.pets.get(1)?.name).toBe("Changed");
    expect(store.pets.nextKey).toBe(7);
  });

  it("exposes the @msw/data collections for queries in tests", async () => {
    const store = createPetstoreStore();
    await seed(store);
    const dogs = store.pets.collection.findMany((q) => q.where({ categoryId: 1 }));
    expect(dogs.length).toBeGreaterThan(0);
    expect(dogs.every((pet) => pet.categoryId === 1)).toBe(true);
    expect(store.pets.collection.findFirst((q) => q.where({ id: 2 }))?.name).toBe("Misty");
    expect(store.pets.collection.count()).toBe(20);
    expect(store.pets.collection.all().map((pet) => pet.id)).toEqual([...store.pets.values()].map((pet) => pet.id));
  });

  it("refuses a record that does not match the document's schema", async () => {
    const store = createPetstoreStore();
    // @msw/data prints the schema issues with console.error before it throws; keep a passing run quiet.
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(store.pets.insert({ name: "", categoryId: 1, status: "available" })).rejects.toThrow();
    expect(printed).toHaveBeenCalledWith([expect.objectContaining({ path: ["name"] })]);
    printed.mockRestore();
    const pet = await store.pets.insert({ name: "Ok", categoryId: 1, status: "available" });
    expect(() => store.pets.update(pet, { status: "lost" as never })).toThrow(/would not match its schema/);
    expect(store.pets.get(pet.id)?.status).toBe("available");
  });

  it("rejects a bad seed option with a message that names it", async () => {
    await expect(seed(createPetstoreStore(), { pets: -1 })).rejects.toThrow(/pets must be a whole number/);
  });
});
