// The demo data as plain records, synchronously and without a store: what `seed()` inserts and what the
// named states (named-states.ts) start from. Deterministic: the same pet count and seed give the same records
// on every runtime (mulberry32, integer arithmetic, a fixed base date; never the clock).
import { CATEGORY_DESCRIPTIONS, FIXED_PET_NAMES, PET_NAMES, SECOND_NAMES } from "./demo-names.js";
import type { Category, InventoryItem, Pet, PetStatus, StoredOrder } from "./records.js";

/** Demo records with ids from 1: categories 1–6, pets 1–N, orders 1–M; stock entries by pet id. */
export interface DemoRecords {
  categories: Category[];
  pets: Pet[];
  orders: StoredOrder[];
  inventory: InventoryItem[];
}

/** Small, fast and deterministic: the same seed always gives the same sequence (mulberry32). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from 0 to `below - 1`. */
export const pick = (random: () => number, below: number) => Math.floor(random() * below);

/** The names of categories 1–6; the last, Reptiles, has no demo pets, so examples can delete it. */
export const DEMO_CATEGORY_NAMES = ["Dogs", "Cats", "Rabbits", "Birds", "Fish", "Reptiles"] as const;

/** Orders ship around this instant: open ones in the weeks after it, complete ones in the months before. */
export const SHIP_BASE = Date.UTC(2026, 11, 1, 10);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const shipDate = (days: number, hours = 0) => new Date(SHIP_BASE + days * DAY + hours * HOUR).toISOString();

/**
 * The name of each pet: pets 1–3 are fixed; then the list in the seed's order, then each name with a second
 * name ("Biscuit the Bold"), and past every pair a number ("Biscuit the Bold 2"). No two pets share a name.
 */
export function petNamer(random: () => number): (index: number) => string {
  const names = [...PET_NAMES];
  for (let index = names.length - 1; index > 0; index--) {
    const other = pick(random, index + 1);
    [names[index], names[other]] = [names[other]!, names[index]!];
  }
  return (index) => {
    if (index < FIXED_PET_NAMES.length) {
      return FIXED_PET_NAMES[index]!;
    }
    const place = index - FIXED_PET_NAMES.length;
    const base = place % names.length;
    const round = Math.floor(place / names.length);
    if (round === 0) {
      return names[base]!;
    }
    const second = SECOND_NAMES[(round - 1 + base) % SECOND_NAMES.length]!;
    const lap = Math.floor((round - 1) / SECOND_NAMES.length);
    return `${names[base]} ${second}${lap ? ` ${lap + 1}` : ""}`;
  };
}

/**
 * How many pets after the fixed three are pending (each with an open order) and sold (a complete order): fixed
 * for a pet count, so that the seed picks which pets, never how many orders there are.
 */
export function statusCounts(petCount: number): Record<PetStatus, number> {
  const drawn = Math.max(0, petCount - 3);
  const pending = Math.floor(drawn * 0.15);
  const sold = Math.floor(drawn * 0.1);
  return { available: drawn - pending - sold, pending, sold };
}

/** The status a roll picks (70 % available, 15 % pending, 15 % sold), or the next one still owed once it is used up. */
function statusOf(roll: number, left: Readonly<Record<PetStatus, number>>): PetStatus {
  const wanted: PetStatus = roll < 0.7 ? "available" : roll < 0.85 ? "pending" : "sold";
  return left[wanted] > 0 ? wanted : (["pending", "sold", "available"] as const).find((status) => left[status] > 0)!;
}

/**
 * The demo data of `petCount` pets for `seed`: pet 1 (Rex, a dog) available with stock 10 and open order 1;
 * pet 2 (Misty) without orders; pet 3 (Bella) with open order 2; later pets a mix of available (with stock),
 * pending (stock all reserved by an open order) and sold (a complete order) pets in categories 1–5, as many of each
 * for every seed (`statusCounts`).
 */
export function demoRecords(petCount: number, seed = 1): DemoRecords {
  const random = createRandom(seed);
  const nameOf = petNamer(random);
  const categories = DEMO_CATEGORY_NAMES.map((name, index) => ({
    id: index + 1,
    name,
    description: CATEGORY_DESCRIPTIONS[index]!,
  }));
  const pets: Pet[] = [];
  const orders: StoredOrder[] = [];
  const inventory: InventoryItem[] = [];
  const left = statusCounts(petCount);
  const order = (petId: number, quantity: number, complete: boolean, date: string) =>
    orders.push({ id: orders.length + 1, petId, quantity, shipDate: date, complete });

  for (let index = 0; index < petCount; index++) {
    const id = index + 1;
    const categoryId = 1 + (index < 5 ? index : pick(random, 5));
    // The first three pets are fixed so that examples can rely on them.
    const status: PetStatus = index < 3 ? "available" : statusOf(random(), left);
    if (index >= 3) {
      left[status]--;
    }
    let stock = status === "available" ? 1 + pick(random, 12) : 0;
    pets.push({ id, name: nameOf(index), categoryId, status });
    if (index === 0 || index === 2) {
      // Open orders 1 and 2 reserve one or two units of pets 1 and 3, shipping the next days.
      const quantity = index === 0 ? 1 : 2;
      stock = (index === 0 ? 10 : 5) - quantity;
      order(id, quantity, false, shipDate(orders.length + 1));
    } else if (status === "pending") {
      order(id, 1 + pick(random, 3), false, shipDate(1 + pick(random, 21), pick(random, 9)));
    } else if (status === "sold") {
      order(id, 1, true, shipDate(-1 - pick(random, 120), pick(random, 9)));
    }
    inventory.push({ petId: id, quantity: stock, status });
  }
  return { categories, pets, orders, inventory };
}
