// Reading the four lists of a capture. A list that fails stops the others at once (their request in flight
// dropped), so a failed capture ends when it fails. With a cap (`--max-per-collection N`), the pets are read
// first and only as far as the cap keeps (the lists are by ascending id), then each other list only until
// it holds what the kept pets need: the categories they use, their inventory entries, N of their orders.

import type { Target } from "../http/target.js";
import { type ReadControl, type ReadList, readCollection } from "./read.js";
import { COLLECTIONS, type Collection, keyOf } from "./records.js";

export type ReadLists = Record<Collection, ReadList>;

/** The numeric field of an object record, or undefined. */
const numberIn = (value: unknown, field: string): number | undefined => {
  const found = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof found === "number" ? found : undefined;
};

/** The key of the last record read (the highest, as the lists are by ascending id). */
const lastKey = (collection: Collection, list: ReadList): number => {
  const value = list.records.at(-1)?.value;
  const key = typeof value === "object" && value !== null ? keyOf(collection, value) : undefined;
  return typeof key === "number" ? key : Number.NEGATIVE_INFINITY;
};

/** When each other list holds what the kept pets need. */
function enoughFor(pets: ReadList, most: number): Record<Exclude<Collection, "pets">, ReadControl["enough"]> {
  // The pets the cap keeps: the lowest ids (a page holds more than a small cap).
  const kept = pets.records
    .filter(({ value }) => numberIn(value, "id") !== undefined)
    .sort((a, b) => numberIn(a.value, "id")! - numberIn(b.value, "id")!)
    .slice(0, most);
  const petIds = new Set(kept.map(({ value }) => numberIn(value, "id")!));
  let highestPet = Number.NEGATIVE_INFINITY;
  let highestCategory = Number.NEGATIVE_INFINITY;
  for (const { value } of kept) {
    highestPet = Math.max(highestPet, numberIn(value, "id")!);
    highestCategory = Math.max(highestCategory, numberIn(value, "categoryId") ?? highestCategory);
  }
  let counted = 0;
  let ordersOfPets = 0;
  return {
    categories: (list) => list.records.length >= most && lastKey("categories", list) >= highestCategory,
    inventory: (list) => lastKey("inventory", list) >= highestPet,
    orders: (list) => {
      // Counted page by page, each record once.
      for (; counted < list.records.length; counted++) {
        const petId = numberIn(list.records[counted]!.value, "petId");
        ordersOfPets += petId !== undefined && petIds.has(petId) ? 1 : 0;
      }
      return ordersOfPets >= most;
    },
  };
}

/** Every list of the backend (or, with a cap, as much as the cap keeps); the first failure, once all have ended. */
export async function readAll(
  target: Target,
  onProgress: (line: string) => void,
  most: number | undefined,
): Promise<ReadLists> {
  const halt = new AbortController();
  const read = (collection: Collection, enough?: ReadControl["enough"]) =>
    readCollection(target, collection, onProgress, { stop: halt.signal, ...(enough ? { enough } : {}) }).catch(
      (error: unknown) => {
        halt.abort(error);
        throw error;
      },
    );
  const pets = most === undefined ? undefined : await read("pets", (list) => list.records.length >= most);
  const enough = pets && most !== undefined ? enoughFor(pets, most) : undefined;
  const settled = await Promise.allSettled(
    COLLECTIONS.map((collection) =>
      collection === "pets" && pets ? Promise.resolve(pets) : read(collection, enough?.[collection as "orders"]),
    ),
  );
  if (halt.signal.aborted) {
    throw halt.signal.reason;
  }
  return Object.fromEntries(
    COLLECTIONS.map((collection, index) => [collection, (settled[index] as PromiseFulfilledResult<ReadList>).value]),
  ) as ReadLists;
}
