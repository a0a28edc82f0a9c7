// What a sequence on a shared backend starts with: records of its own to write to (a category, two
// pets in it, each with stock), made through the model's commands, so they are checked like any other.

import { createCategory } from "./categories.js";
import type { Command } from "./command.js";
import { createPet } from "./pets.js";
import { restock } from "./restock.js";

/** The first owned record of a table (the run's own records are the only ones writes aim at). */
const first = { index: 0, missing: false };
const second = { index: 1, missing: false };

export const ownRecords = (): Command[] => [
  createCategory({ name: "Verify" }),
  createPet({ name: "Rex", category: first, status: "available" }),
  createPet({ name: "Misty", category: first, status: "available" }),
  restock(first, 5),
  restock(second, 3),
];

/**
 * The run's own records a reproduction may do without, each group left out together (indexes in
 * `ownRecords()`): all of them, both pets and their stock, the second pet and its stock, then the
 * first pet's stock. The shrinker then leaves out each record alone too (the first pet alone).
 */
export const OPTIONAL_OWN_RECORDS: readonly (readonly number[])[] = [[0, 1, 2, 3, 4], [1, 2, 3, 4], [2, 4], [3]];
