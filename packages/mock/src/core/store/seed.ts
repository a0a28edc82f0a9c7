import type { PetStatus } from "./records.js";
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

/** Small, fast and deterministic: the same seed always gives the same sequence (mulberry32). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = [
  { name: "Dogs", description: "Loyal companions of every size." },
  { name: "Cats", description: "Independent, curious and graceful." },
  { name: "Rabbits", description: "Gentle and quiet." },
  { name: "Birds", description: "Song and colour for any home." },
  { name: "Fish", description: "Calm companions for small spaces." },
  // No demo pet belongs to the last category, so it can be deleted in examples.
  { name: "Reptiles", description: "Scales, patience and a warm lamp." },
];

const NAMES = [
  "Rex",
  "Misty",
  "Bella",
  "Thumper",
  "Kiwi",
  "Nemo",
  "Max",
  "Luna",
  "Coco",
  "Bubbles",
  "Rocky",
  "Cleo",
  "Daisy",
  "Oscar",
  "Pepper",
  "Milo",
  "Nala",
  "Ziggy",
  "Hazel",
  "Finn",
];

const SHIP_BASE = Date.UTC(2026, 11, 1, 10);
const DAY = 86_400_000;

/**
 * Fills a store with deterministic demo data and makes it the state `reset()` returns to.
 *
 * Categories 1–6 (6, Reptiles, has no pets); pet 1 (Rex, a dog) is available with stock and has
 * open order 1; pet 2 (Misty) has no orders; pet 3 has open order 2; later pets are a mix of
 * available, pending (stock all reserved) and sold (orders fulfilled) pets.
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
  const random = createRandom(options.seed ?? 1);

  return store.exclusive(async () => {
    for (const category of CATEGORIES) {
      await store.categories.insert({ ...category });
    }
    const firstCategory = store.categories.nextKey - CATEGORIES.length;
    let orders = 0;
    const placeOrder = async (petId: number, quantity: number, complete: boolean) => {
      orders++;
      await store.orders.insert({
        petId,
        quantity,
        complete,
        shipDate: new Date(SHIP_BASE + orders * DAY).toISOString(),
      });
    };

    for (let index = 0; index < petCount; index++) {
      const petId = store.pets.nextKey;
      const round = Math.floor(index / NAMES.length);
      const name = `${NAMES[index % NAMES.length]}${round ? ` ${round + 1}` : ""}`;
      const categoryId = firstCategory + (index < 5 ? index : Math.floor(random() * 5));
      // The first three pets are fixed so that examples can rely on them.
      const roll = index < 3 ? 0 : random();
      const status: PetStatus = roll < 0.7 ? "available" : roll < 0.85 ? "pending" : "sold";
      let stock = status === "available" ? 1 + Math.floor(random() * 12) : 0;
      if (index === 0 || index === 2) {
        stock = index === 0 ? 10 : 5;
      }
      await store.pets.insert({ name, categoryId, status });

      if (index === 0 || index === 2) {
        // Open orders 1 and 2 reserve one or two units of pets 1 and 3.
        const quantity = index === 0 ? 1 : 2;
        await placeOrder(petId, quantity, false);
        stock = Math.max(0, stock - quantity);
      } else if (status === "pending") {
        await placeOrder(petId, 1 + Math.floor(random() * 3), false);
      } else if (status === "sold") {
        await placeOrder(petId, 1, true);
      }
      await store.inventory.insert({ petId, quantity: stock, status });
      if ((index + 1) % PROGRESS_EVERY === 0) {
        options.onProgress?.(index + 1, petCount);
      }
    }
    store.markBaseline();
    return { categories: CATEGORIES.length, pets: petCount, orders };
  });
}
