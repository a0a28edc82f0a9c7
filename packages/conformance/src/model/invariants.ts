// The invariants of the state rules, checked on the real store; and the model compared with it.

import { stockMaximum } from "@petstore/contract";
import type { StoreSnapshot } from "@petstore/mock";
import { expectEqual, Failure } from "./command.js";
import { categoryBody, type Model, type ModelPet, petBody } from "./model.js";

/**
 * The invariants of the document, checked on the real store: stock never negative; an inventory
 * entry for every pet and only for pets, with the pet's status; no open order for a pet that is
 * gone; every pet's category exists; category names unique (case-insensitively); a sold pet has no
 * stock and no open order; stock plus reserved units at most the stock maximum; and for each pet, stock + the quantities of its orders is conserved
 * except through restocks (`restocked`).
 */
export function checkInvariants(
  snapshot: StoreSnapshot,
  previousLedger: Map<number, number> | undefined,
  restocked: number | undefined,
): Map<number, number> {
  const problems: string[] = [];
  const pets = new Map(snapshot.pets.records.map((pet) => [pet.id, pet]));
  const items = new Map(snapshot.inventory.records.map((item) => [item.petId, item]));
  const categories = new Set(snapshot.categories.records.map((category) => category.id));
  for (const item of snapshot.inventory.records) {
    const pet = pets.get(item.petId);
    if (item.quantity < 0 || !Number.isInteger(item.quantity)) {
      problems.push(`pet ${item.petId} has a stock of ${item.quantity}`);
    }
    if (!pet) {
      problems.push(`inventory entry ${item.petId} has no pet`);
    } else if (pet.status !== item.status) {
      problems.push(`pet ${pet.id} is ${pet.status} but its inventory entry says ${item.status}`);
    }
  }
  const ledger = new Map<number, number>();
  for (const pet of pets.values()) {
    const item = items.get(pet.id);
    if (!item) {
      problems.push(`pet ${pet.id} has no inventory entry`);
    }
    if (!categories.has(pet.categoryId)) {
      problems.push(`pet ${pet.id} belongs to category ${pet.categoryId}, which is gone`);
    }
    ledger.set(pet.id, item?.quantity ?? 0);
  }
  const reserved = new Map<number, number>();
  for (const order of snapshot.orders.records) {
    const pet = pets.get(order.petId);
    if (!order.complete) {
      reserved.set(order.petId, (reserved.get(order.petId) ?? 0) + order.quantity);
    }
    if (!order.complete && !pet) {
      problems.push(`open order ${order.id} is for pet ${order.petId}, which is gone`);
    }
    if (pet) {
      ledger.set(pet.id, ledger.get(pet.id)! + order.quantity);
      if (pet.status === "sold" && !order.complete) {
        problems.push(`sold pet ${pet.id} has open order ${order.id}`);
      }
    }
  }
  for (const pet of pets.values()) {
    const total = (items.get(pet.id)?.quantity ?? 0) + (reserved.get(pet.id) ?? 0);
    if (total > stockMaximum) {
      problems.push(`pet ${pet.id}: stock plus reserved units is ${total}, above ${stockMaximum}`);
    }
    if (pet.status === "sold" && (items.get(pet.id)?.quantity ?? 0) > 0) {
      problems.push(`sold pet ${pet.id} has ${items.get(pet.id)!.quantity} in stock`);
    }
    const before = previousLedger?.get(pet.id);
    if (before !== undefined && pet.id !== restocked && before !== ledger.get(pet.id)) {
      problems.push(
        `pet ${pet.id}: stock + ordered quantities went from ${before} to ${ledger.get(pet.id)} without a restock`,
      );
    }
  }
  const names = new Map<string, number>();
  for (const category of snapshot.categories.records) {
    const key = category.name.toLowerCase();
    if (names.has(key)) {
      problems.push(`categories ${names.get(key)} and ${category.id} share the name ${JSON.stringify(category.name)}`);
    }
    names.set(key, category.id);
  }
  if (problems.length) {
    throw new Failure(`invariants broken:\n  ${problems.join("\n  ")}`);
  }
  return ledger;
}

/** Compares the model with the real store, record by record. */
export function compareWithStore(model: Model, snapshot: StoreSnapshot): void {
  const pets = snapshot.pets.records.map((pet) => ({ ...petBody(pet as ModelPet) }));
  expectEqual("pets (model vs store)", pets, [...model.pets.values()].sort((a, b) => a.id - b.id).map(petBody));
  expectEqual(
    "stock (model vs store)",
    snapshot.inventory.records.map((item) => [item.petId, item.quantity, item.status]),
    [...model.pets.values()].sort((a, b) => a.id - b.id).map((pet) => [pet.id, pet.stock, pet.status]),
  );
  expectEqual(
    "orders (model vs store)",
    snapshot.orders.records.map((order) => [order.id, order.petId, order.quantity, order.complete]),
    [...model.orders.values()]
      .sort((a, b) => a.id - b.id)
      .map((order) => [order.id, order.petId, order.quantity, order.complete]),
  );
  expectEqual(
    "categories (model vs store)",
    snapshot.categories.records.map(categoryBody),
    [...model.categories.values()].sort((a, b) => a.id - b.id).map(categoryBody),
  );
}
