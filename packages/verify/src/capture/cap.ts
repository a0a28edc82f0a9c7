// `--max-per-collection N`: at most N categories, pets and orders (and so at most N inventory entries),
// chosen so the snapshot stays whole: pets by ascending id while their categories fit in N, the
// categories of those pets first, then orders of the kept pets only. The document's caps of the
// mock's store (`info.x-limits`) apply in any case, so the snapshot always loads.

import { limits } from "@petstore/contract";
import type { CapturedState, Collection } from "./records.js";

/** The most records of each collection a snapshot may hold: the store's caps. */
export const STORE_CAPS = { categories: limits.maxCategories, pets: limits.maxPets, orders: limits.maxOrders } as const;

export interface Capped {
  state: CapturedState;
  /** Records each collection lost to the cap (0 for none). */
  capped: Record<Collection, number>;
}

const byId = <T extends { id: number }>(records: readonly T[]) => [...records].sort((a, b) => a.id - b.id);

export function capPerCollection(state: CapturedState, most: number | undefined): Capped {
  const cap = (collection: keyof typeof STORE_CAPS) =>
    Math.min(most ?? Number.POSITIVE_INFINITY, STORE_CAPS[collection]);
  const untouched =
    state.categories.length <= cap("categories") &&
    state.pets.length <= cap("pets") &&
    state.orders.length <= cap("orders");
  // Without a cap to apply, the records stay exactly as they are (a complete order of a pet that is gone included).
  if (untouched && most === undefined) {
    return { state, capped: { categories: 0, pets: 0, orders: 0, inventory: 0 } };
  }
  const categoryIds = new Set<number>();
  const petIds = new Set<number>();
  const categoryExists = new Set(state.categories.map((category) => category.id));
  for (const pet of byId(state.pets)) {
    if (petIds.size >= cap("pets")) {
      break;
    }
    const fits = categoryIds.has(pet.categoryId) || categoryIds.size < cap("categories");
    if (fits && categoryExists.has(pet.categoryId)) {
      categoryIds.add(pet.categoryId);
      petIds.add(pet.id);
    }
  }
  for (const category of byId(state.categories)) {
    if (categoryIds.size >= cap("categories")) {
      break;
    }
    categoryIds.add(category.id);
  }
  const kept: CapturedState = {
    categories: state.categories.filter((category) => categoryIds.has(category.id)),
    pets: state.pets.filter((pet) => petIds.has(pet.id)),
    orders: byId(state.orders.filter((order) => petIds.has(order.petId))).slice(0, cap("orders")),
    inventory: state.inventory.filter((entry) => petIds.has(entry.petId)),
  };
  return {
    state: kept,
    capped: {
      categories: state.categories.length - kept.categories.length,
      pets: state.pets.length - kept.pets.length,
      orders: state.orders.length - kept.orders.length,
      inventory: state.inventory.length - kept.inventory.length,
    },
  };
}
