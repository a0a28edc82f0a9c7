import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "../support/adapters.js";

// Creates used to have no bound: a loop of them filled the heap until the process died and
// clients saw connection resets. The document now caps each collection (info.x-limits).
describeEachAdapter(
  "creating records past the store's cap",
  (adapter) => {
    const createPet = (name: string) => adapter().request("/pets", { method: "POST", json: { name, categoryId: 1 } });

    it("answers 507 STORAGE_FULL once the pets are at the cap, even to creates sent at once", async () => {
      const answers = await Promise.all(["A", "B", "C", "D", "E"].map(createPet));
      expect(answers.map((response) => response.status).sort()).toEqual([201, 507, 507, 507, 507]);
      await expectError(
        answers.find((response) => response.status === 507)!,
        507,
        "STORAGE_FULL",
        "the store already holds its maximum of 21 pets; delete some before creating more",
      );
      expect(adapter().store.pets.size).toBe(21);
      // The server is still there and deleting makes room again.
      expect((await adapter().request("/pets/2", { method: "DELETE" })).status).toBe(204);
      expect((await createPet("F")).status).toBe(201);
    });

    it("caps categories and orders too", async () => {
      await expectError(
        await adapter().request("/categories", { method: "POST", json: { name: "Ferrets" } }),
        507,
        "STORAGE_FULL",
        /maximum of 6 categories/,
      );
      const orders = adapter().store.orders.size;
      const order = await adapter().request("/store/orders", { method: "POST", json: { petId: 1, quantity: 1 } });
      await expectError(order, 507, "STORAGE_FULL", new RegExp(`maximum of ${orders} orders`));
      // A refused order reserves nothing.
      expect(await json(await adapter().request("/store/inventory/1"))).toMatchObject({ quantity: 9 });
    });
  },
  { limits: { maxPets: 21, maxCategories: 6, maxOrders: 5 } },
);
