import { contract } from "../generated/contract.js";
import { normalizeCategoryName } from "../store/store.js";
import type { Snapshot } from "./snapshot.js";

/** The first rule between records that a snapshot breaks, naming its place (`pets[3].categoryId`), or undefined. */
export function firstBrokenRule(snapshot: Snapshot): string | undefined {
  return (
    duplicateKey(snapshot.categories, "categories", "id", "category") ??
    duplicateKey(snapshot.pets, "pets", "id", "pet") ??
    duplicateKey(snapshot.orders, "orders", "id", "order") ??
    duplicateKey(snapshot.inventory, "inventory", "petId", "inventory entry of pet") ??
    duplicateCategoryName(snapshot) ??
    brokenReference(snapshot) ??
    brokenStock(snapshot) ??
    nextIdNotAbove(snapshot)
  );
}

function duplicateKey<T>(records: readonly T[], place: string, key: keyof T & string, what: string) {
  const seen = new Map<unknown, number>();
  for (const [index, record] of records.entries()) {
    const value = record[key];
    const first = seen.get(value);
    if (first !== undefined) {
      return `${place}[${index}].${key}: ${what} ${value} is also ${place}[${first}]; each must be there once`;
    }
    seen.set(value, index);
  }
  return undefined;
}

function duplicateCategoryName({ categories }: Snapshot) {
  const seen = new Map<string, number>();
  for (const [index, category] of categories.entries()) {
    const name = normalizeCategoryName(category.name);
    const first = seen.get(name);
    if (first !== undefined) {
      return `categories[${index}].name: ${JSON.stringify(category.name)} is also the name of categories[${first}] (names compare case-insensitively, after trimming)`;
    }
    seen.set(name, index);
  }
  return undefined;
}

/** Pets in existing categories; one stock entry per pet and only for pets, with its status; open orders for unsold pets. */
function brokenReference({ categories, pets, orders, inventory }: Snapshot) {
  const categoryIds = new Set(categories.map((category) => category.id));
  const petsById = new Map(pets.map((pet) => [pet.id, pet]));
  for (const [index, pet] of pets.entries()) {
    if (!categoryIds.has(pet.categoryId)) {
      return `pets[${index}].categoryId: category ${pet.categoryId} does not exist`;
    }
  }
  const stocked = new Set<number>();
  for (const [index, item] of inventory.entries()) {
    const pet = petsById.get(item.petId);
    if (!pet) {
      return `inventory[${index}].petId: pet ${item.petId} does not exist; only pets have stock`;
    }
    if (item.status !== pet.status) {
      return `inventory[${index}].status: ${item.status}, but pet ${pet.id} is ${pet.status}; an entry's status is its pet's`;
    }
    stocked.add(item.petId);
  }
  for (const [index, pet] of pets.entries()) {
    if (!stocked.has(pet.id)) {
      return `pets[${index}]: pet ${pet.id} has no inventory entry; every pet has one`;
    }
  }
  for (const [index, order] of orders.entries()) {
    if (order.complete) {
      continue;
    }
    const pet = petsById.get(order.petId);
    if (!pet) {
      return `orders[${index}].petId: pet ${order.petId} does not exist, and only a complete order may outlive its pet`;
    }
    if (pet.status === "sold") {
      return `orders[${index}].complete: order ${order.id} is open, but pet ${pet.id} is sold`;
    }
  }
  return undefined;
}

/** A sold pet has no stock; stock plus the units open orders reserve stays within the document's maximum. */
function brokenStock({ pets, orders, inventory }: Snapshot) {
  const statusOf = new Map(pets.map((pet) => [pet.id, pet.status]));
  const reserved = new Map<number, number>();
  for (const order of orders) {
    if (!order.complete) {
      reserved.set(order.petId, (reserved.get(order.petId) ?? 0) + order.quantity);
    }
  }
  for (const [index, item] of inventory.entries()) {
    if (statusOf.get(item.petId) === "sold" && item.quantity > 0) {
      return `inventory[${index}].quantity: pet ${item.petId} is sold, so its stock must be 0 (got ${item.quantity})`;
    }
    const total = item.quantity + (reserved.get(item.petId) ?? 0);
    if (total > contract.maxStock) {
      return `inventory[${index}].quantity: ${item.quantity} plus the ${total - item.quantity} units reserved by open orders of pet ${item.petId} passes the limit of ${contract.maxStock}`;
    }
  }
  return undefined;
}

function nextIdNotAbove(snapshot: Snapshot) {
  for (const collection of ["categories", "pets", "orders"] as const) {
    const next = snapshot.nextIds?.[collection];
    const highest = snapshot[collection].reduce((max, record) => Math.max(max, record.id), 0);
    if (next !== undefined && next <= highest) {
      return `nextIds.${collection}: ${next} is not above the highest id of ${collection}, ${highest}`;
    }
  }
  return undefined;
}
