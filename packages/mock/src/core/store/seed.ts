import { demoRecords } from "./demo-records.js";
import type { PetstoreStore } from "./store.js";

export interface SeedOptions {
  /** How many pets to create (default 20). */
  pets?: number;
  /** The seed of the pseudo-random generator: the same seed gives the same data (default 1). */
  seed?: number;
  /** Called after every 10,000 pets with how many are in so far, e.g. to show progress. */
  onProgress?: (petsDone: number, petsTotal: number) => void;
}

const PROGRESS_EVERY = 10_000;

export interface SeedSummary {
  categories: number;
  pets: number;
  orders: number;
}

/**
 * Fills a store with deterministic demo data and makes it the state `reset()` returns to.
 *
 * Categories 1–6 with descriptions (6, Reptiles, has no pets); pet 1 (Rex, a dog) is available with stock
 * and has open order 1; pet 2 (Misty) has no orders; pet 3 (Bella) has open order 2; later pets, named from
 * the mock's own lists (some two-word, some not in ASCII), are a mix of available, pending (stock all
 * reserved) and sold (orders fulfilled) pets; orders ship on varied dates around 2026-12-01. See
 * `demoRecords` (demo-records.ts), which gives the same records without a store.
 * @example
 * const store = createPetstoreStore();
 * await seed(store, { pets: 100, seed: 7 });
 */
export async function seed(store: PetstoreStore, options: SeedOptions = {}): Promise<SeedSummary> {
  const petCount = options.pets ?? 20;
  if (!Number.isInteger(petCount) || petCount < 0) {
    throw new TypeError(`seed(): pets must be a whole number of pets, 0 or more (got ${options.pets})`);
  }
  if (store.pets.size + petCount > store.pets.capacity) {
    throw new TypeError(
      `seed(): ${petCount} more pets do not fit in the store, which holds at most ${store.pets.capacity} (it has ${store.pets.size})`,
    );
  }
  const records = demoRecords(petCount, options.seed ?? 1);

  return store.exclusive(async () => {
    // Ids continue the store's own, should it hold records already.
    const categoryShift = store.categories.nextKey - 1;
    const petShift = store.pets.nextKey - 1;
    for (const { id: _, ...category } of records.categories) {
      await store.categories.insert(category);
    }
    let nextOrder = 0;
    for (const [index, { id, name, categoryId, status }] of records.pets.entries()) {
      await store.pets.insert({ name, categoryId: categoryId + categoryShift, status });
      for (; records.orders[nextOrder]?.petId === id; nextOrder++) {
        const { id: _, petId, ...order } = records.orders[nextOrder]!;
        await store.orders.insert({ petId: petId + petShift, ...order });
      }
      const { petId, ...stock } = records.inventory[index]!;
      await store.inventory.insert({ petId: petId + petShift, ...stock });
      if ((index + 1) % PROGRESS_EVERY === 0) {
        options.onProgress?.(index + 1, petCount);
      }
    }
    store.markBaseline();
    return { categories: records.categories.length, pets: petCount, orders: records.orders.length };
  });
}
