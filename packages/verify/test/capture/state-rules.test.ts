import { describe, expect, it } from "vitest";
import type { CapturedState } from "../../src/capture/records.js";
import type { CaptureChange } from "../../src/capture/rules.js";
import { assertWithinRules, keepStateRules } from "../../src/capture/state-rules.js";

// Each state rule's stated fix or omission, decided by the model's invariants (`checkInvariants`).
const whole = (): CapturedState => ({
  categories: [
    { id: 1, name: "Dogs" },
    { id: 2, name: " dogs " },
  ],
  pets: [
    { id: 1, name: "Rex", categoryId: 1, status: "available" },
    { id: 2, name: "Misty", categoryId: 2, status: "sold" },
    { id: 3, name: "Stray", categoryId: 9, status: "available" },
    { id: 4, name: "Nemo", categoryId: 1, status: "pending" },
  ],
  orders: [
    { id: 1, petId: 2, quantity: 1, complete: false },
    { id: 2, petId: 3, quantity: 1, complete: false },
    { id: 3, petId: 3, quantity: 1, complete: true },
    { id: 4, petId: 1, quantity: 2, complete: false },
  ],
  inventory: [
    { petId: 1, quantity: 3, status: "available" },
    { petId: 2, quantity: 4, status: "sold" },
    { petId: 3, quantity: 1, status: "available" },
  ],
});

describe("the state rules of a capture", () => {
  it("leaves out or fixes each record by its rule, and the result is within the model's invariants", () => {
    const changes: CaptureChange[] = [];
    const kept = keepStateRules(whole(), changes);
    expect(changes.map(({ rule, collection, key }) => `${rule} ${collection} ${key}`)).toEqual([
      "category-name-taken categories 2",
      "sold-with-stock inventory 2",
      "open-order-of-sold-pet orders 1",
      "pet-without-category pets 3",
      "pet-without-inventory inventory 4",
      "inventory-without-pet inventory 3",
      "open-order-without-pet orders 2",
    ]);
    expect(kept.categories[1]).toEqual({ id: 2, name: "dogs (2)" });
    expect(kept.pets.map((pet) => pet.id)).toEqual([1, 2, 4]);
    expect(kept.orders.map((order) => order.id)).toEqual([3, 4]);
    expect(kept.inventory).toEqual([
      { petId: 1, quantity: 3, status: "available" },
      { petId: 2, quantity: 0, status: "sold" },
      { petId: 4, quantity: 0, status: "pending" },
    ]);
    expect(changes.find((change) => change.rule === "open-order-without-pet")!.why).toBe(
      "open order 2 is for pet 3, which is gone",
    );
    expect(() => assertWithinRules(kept)).not.toThrow();
  });

  it("refuses to pass a state that still breaks a rule", () => {
    expect(() => assertWithinRules(whole())).toThrow(/still breaks a state rule, so nothing was written: /);
  });
});
