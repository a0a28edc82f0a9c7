import { describe, expect, it } from "vitest";
import { addChanges, deletion, fieldChanges } from "../src/devtools/record-edits.js";
import { createPetstoreControl, createPetstoreFetchHandler } from "../src/index.js";

// The inspector's State tab makes each edit whole within the snapshot rules (issue 48, item 1): what it sends for an
// add, a status, a deletion, taken by the control API of a real mock as one change.
function session() {
  const handle = createPetstoreFetchHandler();
  const fetchIn = ((input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch;
  return createPetstoreControl("http://127.0.0.1:4010", { apiKey: "petstore-demo-key", fetch: fetchIn }).session(
    "default",
  );
}

describe("the State tab's edits, whole", () => {
  it("deletes a category with its pets, their inventory entries and open orders, said first; complete orders stay", async () => {
    const control = session();
    const before = await control.state();
    const index = before.categories.findIndex(({ id }) => before.pets.some((pet) => pet.categoryId === id));
    const category = before.categories[index]!;
    const pets = before.pets.filter((pet) => pet.categoryId === category.id);
    const plan = deletion(before, "categories", index);
    expect(plan.alsoGoes).toEqual(expect.arrayContaining(pets.map((pet) => `pet ${pet.id} (${pet.name})`)));
    expect(plan.alsoGoes).toEqual(expect.arrayContaining(pets.map((pet) => `the inventory entry of pet ${pet.id}`)));
    await control.change(plan.changes);
    const after = await control.state();
    expect(after.categories.some(({ id }) => id === category.id)).toBe(false);
    const gone = new Set(pets.map((pet) => pet.id));
    expect(after.pets.filter((pet) => gone.has(pet.id))).toEqual([]);
    expect(after.orders.filter((order) => gone.has(order.petId) && !order.complete)).toEqual([]);
    const kept = before.orders.filter((order) => gone.has(order.petId) && order.complete);
    expect(after.orders.filter((order) => gone.has(order.petId))).toEqual(kept);
  });

  it("adds a pet with its inventory entry, and changes a pet's status with its entry's", async () => {
    const control = session();
    const before = await control.state();
    const pet = { id: before.nextIds!.pets!, name: "Biscuit", categoryId: 1, status: "pending" };
    await control.change(addChanges(before, "pets", pet));
    const added = await control.state();
    expect(added.inventory.find((item) => item.petId === pet.id)).toEqual({
      petId: pet.id,
      quantity: 0,
      status: "pending",
    });
    await control.change(fieldChanges(added, "pets", added.pets.length - 1, "status", "available"));
    const changed = await control.state();
    expect(changed.pets.at(-1)?.status).toBe("available");
    expect(changed.inventory.find((item) => item.petId === pet.id)?.status).toBe("available");
  });
});
