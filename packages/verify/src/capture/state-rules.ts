// The state rules on captured records: whether a record breaks one is the model's call
// (`checkInvariants`, asked about each pet with what hangs on it, and about each record left without
// its pet); what then happens to it is the stated rule of ./rules.ts. The result satisfies the model's
// invariants as a whole, or the capture stops: a snapshot the mock would refuse is never written.

import { checkInvariants } from "../model/invariants.js";
import type { ObservedState } from "../model/observed.js";
import type { CapturedCategory, CapturedEntry, CapturedOrder, CapturedPet, CapturedState } from "./records.js";
import type { CaptureChange } from "./rules.js";

const NAME_MAX_LENGTH = 100;

/** What the model says `state` breaks, one line per problem, or undefined when it breaks nothing. */
export function brokenRules(state: Partial<ObservedState>): string | undefined {
  try {
    checkInvariants(
      {
        pets: state.pets ?? { records: [] },
        categories: state.categories ?? { records: [] },
        orders: state.orders ?? { records: [] },
        inventory: state.inventory ?? { records: [] },
      },
      undefined,
      undefined,
    );
    return undefined;
  } catch (error) {
    if ((error as { check?: unknown }).check !== "model.invariant") {
      throw error;
    }
    // "invariants broken:\n  a\n  b" → "a; b"
    const lines = (error as Error).message.split("\n").map((line) => line.trim());
    return lines.length > 1 ? lines.slice(1).join("; ") : lines[0];
  }
}

const groupBy = <T>(records: readonly T[], keyOf: (record: T) => number) => {
  const groups = new Map<number, T[]>();
  for (const record of records) {
    groups.set(keyOf(record), [...(groups.get(keyOf(record)) ?? []), record]);
  }
  return groups;
};

/**
 * Category names are unique, compared case-insensitively after trimming (the document's words); a later
 * duplicate (by id) is renamed "NAME (ID)", within the name's length.
 */
function uniqueCategoryNames(categories: CapturedCategory[], changes: CaptureChange[]): CapturedCategory[] {
  const asChecked = (records: CapturedCategory[]) => ({
    records: records.map((category) => ({ ...category, name: category.name.trim() })),
  });
  if (brokenRules({ categories: asChecked(categories) }) === undefined) {
    return categories;
  }
  const taken = new Set<string>();
  const normal = (name: string) => name.trim().toLowerCase();
  return [...categories]
    .sort((a, b) => a.id - b.id)
    .map((category) => {
      if (!taken.has(normal(category.name))) {
        taken.add(normal(category.name));
        return category;
      }
      const suffix = ` (${category.id})`;
      const name = `${category.name.trim().slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
      changes.push({
        rule: "category-name-taken",
        collection: "categories",
        key: category.id,
        why: `${brokenRules({ categories: asChecked(categories.filter((other) => normal(other.name) === normal(category.name))) })}; renamed ${JSON.stringify(name)}`,
      });
      taken.add(normal(name));
      return { ...category, name };
    });
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
  const orders: CapturedOrder[] = [];
  const droppedOrders = new Set<CapturedOrder>();

  for (const pet of state.pets) {
    const category = categoryById.get(pet.categoryId);
    let entry = entriesOf.get(pet.id)?.[0];
    let open = (ordersOf.get(pet.id) ?? []).filter((order) => !order.complete);
    const complete = (ordersOf.get(pet.id) ?? []).filter((order) => order.complete);
    const broken = () =>
      brokenRules({
        pets: { records: [pet] },
        categories: { records: category ? [category] : [] },
        orders: { records: [...open, ...complete] },
        inventory: { records: entry ? [entry] : [] },
      });
    const first = broken();
    if (first === undefined) {
      pets.push(pet);
      inventory.push(entry!);
      continue;
    }
    const change = (rule: CaptureChange["rule"], collection: CaptureChange["collection"], key: number) =>
      changes.push({ rule, collection, key, why: first });
    if (!category) {
      change("pet-without-category", "pets", pet.id);
      continue;
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
    if (pet.status === "sold" && open.length > 0) {
      for (const order of open) {
        change("open-order-of-sold-pet", "orders", order.id);
        droppedOrders.add(order);
      }
      open = [];
    }
    const still = broken();
    if (still !== undefined) {
      // Its entry and open orders are left without their pet, and left out below under their own rules.
      changes.push({ rule: "pet-breaks-a-rule", collection: "pets", key: pet.id, why: still });
      continue;
    }
    pets.push(pet);
    inventory.push(entry);
  }

  const kept = new Set(pets.map((pet) => pet.id));
  for (const entry of state.inventory) {
    if (!kept.has(entry.petId)) {
      const why = brokenRules({ inventory: { records: [entry] } }) ?? `pet ${entry.petId} is not captured`;
      changes.push({ rule: "inventory-without-pet", collection: "inventory", key: entry.petId, why });
    }
  }
  for (const order of state.orders) {
    if (droppedOrders.has(order)) {
      continue;
    }
    const why = kept.has(order.petId) ? undefined : brokenRules({ orders: { records: [order] } });
    if (why === undefined) {
      orders.push(order);
    } else {
      changes.push({ rule: "open-order-without-pet", collection: "orders", key: order.id, why });
    }
  }
  return { categories, pets, orders, inventory };
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
