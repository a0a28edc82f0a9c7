import { describe, expect, it } from "vitest";
import { checkSnapshot } from "../src/core/control/check-snapshot.js";
import { toSnapshot } from "../src/core/control/snapshot.js";
import { PET_NAMES, SECOND_NAMES } from "../src/core/store/demo-names.js";
import { contract, createPetstoreStore, seed } from "../src/index.js";

// The demo data (seed()): plausible and varied, the same for the same seed, and a valid snapshot at every size up to
// the pet cap, by the checks `PUT …/state` runs.
async function seeded(pets: number, seedValue = 1) {
  const store = createPetstoreStore();
  await seed(store, { pets, seed: seedValue });
  return toSnapshot(store.snapshot());
}

describe("the demo data", () => {
  it.each([0, 1, 3, 20, 777, contract.limits.maxPets])(
    "of %i pets is a valid snapshot with distinct names, each within the document's maximum",
    async (pets) => {
      const snapshot = await seeded(pets, 11);
      expect(() => checkSnapshot(snapshot, contract.limits)).not.toThrow();
      expect(snapshot.pets).toHaveLength(pets);
      const names = snapshot.pets.map((pet) => pet.name);
      expect(new Set(names).size).toBe(pets);
      expect(Math.max(0, ...names.map((name) => [...name].length))).toBeLessThanOrEqual(contract.maxLengths.name);
    },
    60_000,
  );

  it("keeps what examples and docs rely on: categories 1–6, pets 1–3 and orders 1–2", async () => {
    for (const seedValue of [1, 7, 12345]) {
      const snapshot = await seeded(20, seedValue);
      expect(snapshot.categories.map((category) => [category.id, category.name])).toEqual([
        [1, "Dogs"],
        [2, "Cats"],
        [3, "Rabbits"],
        [4, "Birds"],
        [5, "Fish"],
        [6, "Reptiles"],
      ]);
      expect(snapshot.categories.every((category) => (category.description ?? "").length > 10)).toBe(true);
      expect(snapshot.pets.filter((pet) => pet.categoryId === 6)).toEqual([]);
      expect(snapshot.pets.slice(0, 3)).toEqual([
        { id: 1, name: "Rex", categoryId: 1, status: "available" },
        { id: 2, name: "Misty", categoryId: 2, status: "available" },
        { id: 3, name: "Bella", categoryId: 3, status: "available" },
      ]);
      expect(snapshot.inventory.slice(0, 3).map((item) => item.quantity)).toEqual([9, expect.any(Number), 3]);
      expect(snapshot.orders.slice(0, 2)).toEqual([
        { id: 1, petId: 1, quantity: 1, shipDate: "2026-12-02T10:00:00.000Z", complete: false },
        { id: 2, petId: 3, quantity: 2, shipDate: "2026-12-03T10:00:00.000Z", complete: false },
      ]);
      expect(snapshot.orders.filter((order) => order.petId === 2)).toEqual([]);
    }
  });

  it("looks real: varied names (two-word ones, non-ASCII ones) and ship dates, from a fixed date, never the clock", async () => {
    const snapshot = await seeded(400);
    const names = snapshot.pets.map((pet) => pet.name);
    expect(names.filter((name) => name.includes(" ")).length).toBeGreaterThan(20);
    expect(names.filter((name) => /[^\x20-\x7e]/.test(name)).length).toBeGreaterThan(10);
    expect(names.some((name) => /\d/.test(name))).toBe(false);
    const dates = snapshot.orders.map((order) => order.shipDate!);
    expect(new Set(dates).size).toBeGreaterThan(dates.length / 2);
    expect(dates.every((date) => date.startsWith("2026-") || date.startsWith("2027-"))).toBe(true);
    expect(await seeded(400)).toEqual(snapshot);
    expect((await seeded(400, 2)).pets.map((pet) => pet.name)).not.toEqual(names);
  });

  it("names from lists of a few hundred, each listed once, no second name the start of a name", () => {
    expect(PET_NAMES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(PET_NAMES).size).toBe(PET_NAMES.length);
    expect(PET_NAMES).not.toContain("Rex");
    const firstWords = new Set(PET_NAMES.map((name) => name.split(" ")[0]));
    expect(SECOND_NAMES.filter((second) => firstWords.has(second.split(" ")[0]!))).toEqual([]);
  });
});
