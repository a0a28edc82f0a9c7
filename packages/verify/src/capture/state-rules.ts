// The state rules on captured records: whether a record breaks one is the model's call
// (`checkInvariants`, asked about each pet with what hangs on it, and about each record left without
// its pet); what then happens to it is the stated rule of ./rules.ts. The result satisfies the model's
// invariants as a whole, or the capture stops: a snapshot the mock would refuse is never written.

import { brokenRules } from "./broken-rules.js";
import { uniqueCategoryNames } from "./category-names.js";
import { groupBy } from "./group-by.js";
import type { CapturedCategory, CapturedEntry, CapturedOrder, CapturedPet, CapturedState } from "./records.js";
import type { CaptureChange } from "./rules.js";

/** What the rules make of one pet: kept or left out, its inventory entry as fixed, and the open orders its sale drops. */
interface PetOutcome {
  kept: boolean;
  entry: CapturedEntry | undefined;
  dropped: CapturedOrder[];
}

/**
 * One pet with what hangs on it (its category, inventory entry and orders), asked of the model: kept as it is,
 * kept with its entry fixed and the open orders of a sold pet dropped, or left out; each change in `changes`.
 */
function keepPet(
  pet: CapturedPet,
  category: CapturedCategory | undefined,
  found: CapturedEntry | undefined,
  orders: CapturedOrder[],
  changes: CaptureChange[],
): PetOutcome {
  let entry = found;
  let open = orders.filter((order) => !order.complete);
  const complete = orders.filter((order) => order.complete);
  const broken = () =>
    brokenRules({
      pets: { records: [pet] },
      categories: { records: category ? [category] : [] },
      orders: { records: [...open, ...complete] },
      inventory: { records: entry ? [entry] : [] },
    });
  const first = broken();
  if (first === undefined) {
    return { kept: true, entry, dropped: [] };
  }
  const change = (rule: CaptureChange["rule"], collection: CaptureChange["collection"], key: number) =>
    changes.push({ rule, collection, key, why: first });
  if (!category) {
    change("pet-without-category", "pets", pet.id);
    return { kept: false, entry, dropped: [] };
  }
  if (!entry) {
    entry = { petId: pet.id, quantity: 0, status: pet.status };
    change("pet-without-inventory", "inventory", pet.id);
  } else if (entry.status !== pet.status) {
    entry = { ...entry, status: pet.status };
    change("inventory-status", "inventory", pet.id);
  }
  if (pet.status === "sold" && entry.quantity > 0) {
    entry = { ...entry, quantity: 0 };
    change("sold-with-stock", "inventory", pet.id);
  }
  let dropped: CapturedOrder[] = [];
  if (pet.status === "sold") {
    dropped = open;
    open = [];
    for (const order of dropped) {
      change("open-order-of-sold-pet", "orders", order.id);
    }
  }
  const still = broken();
  if (still !== undefined) {
    // Its entry and open orders are left without their pet, and left out by the caller under their own rules.
    changes.push({ rule: "pet-breaks-a-rule", collection: "pets", key: pet.id, why: still });
    return { kept: false, entry, dropped };
  }
  return { kept: true, entry, dropped };
}

/**
 * The captured state with every state rule kept: each record the model finds breaking one is left out or
 * fixed by its rule, and listed in `changes`.
 */
export function keepStateRules(state: CapturedState, changes: CaptureChange[]): CapturedState {
  const categories = uniqueCategoryNames(state.categories, changes);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const ordersOf = groupBy(state.orders, (order) => order.petId);
  const entriesOf = groupBy(state.inventory, (entry) => entry.petId);
  const pets: CapturedPet[] = [];
  const inventory: CapturedEntry[] = [];
  const droppedOrders = new Set<CapturedOrder>();
  for (const pet of state.pets) {
    const category = categoryById.get(pet.categoryId);
    const outcome = keepPet(pet, category, entriesOf.get(pet.id)?.[0], ordersOf.get(pet.id) ?? [], changes);
    for (const order of outcome.dropped) {
      droppedOrders.add(order);
    }
    if (outcome.kept) {
      pets.push(pet);
      inventory.push(outcome.entry!);
    }
  }
  const kept = new Set(pets.map((pet) => pet.id));
  for (const entry of state.inventory) {
    if (!kept.has(entry.petId)) {
      const why = brokenRules({ inventory: { records: [entry] } }) ?? `pet ${entry.petId} is not captured`;
      changes.push({ rule: "inventory-without-pet", collection: "inventory", key: entry.petId, why });
    }
  }
  return { categories, pets, orders: ordersKept(state.orders, kept, droppedOrders, changes), inventory };
}

/** The orders kept: each but those a sale dropped, unless it is left without its pet and the model refuses it so. */
function ordersKept(
  orders: CapturedOrder[],
  kept: Set<number>,
  dropped: Set<CapturedOrder>,
  changes: CaptureChange[],
): CapturedOrder[] {
  const result: CapturedOrder[] = [];
  for (const order of orders) {
    if (dropped.has(order)) {
      continue;
    }
    const why = kept.has(order.petId) ? undefined : brokenRules({ orders: { records: [order] } });
    if (why === undefined) {
      result.push(order);
    } else {
      changes.push({ rule: "open-order-without-pet", collection: "orders", key: order.id, why });
    }
  }
  return result;
}

/** Throws unless the model finds the whole state within its rules: the last guard before a snapshot is written. */
export function assertWithinRules(state: CapturedState): void {
  const broken = brokenRules({
    pets: { records: state.pets },
    categories: { records: state.categories.map((category) => ({ ...category, name: category.name.trim() })) },
    orders: { records: state.orders },
    inventory: { records: state.inventory },
  });
  if (broken !== undefined) {
    throw new Error(`the captured state still breaks a state rule, so nothing was written: ${broken}`);
  }
}
