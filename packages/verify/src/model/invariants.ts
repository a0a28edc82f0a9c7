// The invariants of the state rules, checked on the observed state; and the model compared with it.

import { stockMaximum } from "@petstore/contract";
import { expectEqual, Failure } from "./command.js";
import { categoryBody, inventoryBody, type Model, type ModelOrder, petBody } from "./model.js";
import type { ObservedState } from "./observed.js";

/** Notes one broken invariant, and the record field it is about where there is one (`pets.categoryId`). */
type Broke = (problem: string, field?: string) => void;
type Pets = Map<number, ObservedState["pets"]["records"][number]>;

/**
 * The invariants of the document, checked on the observed state: stock never negative; an inventory
 * entry for every pet and only for pets, with the pet's status; no open order for a pet that is
 * gone; every pet's category exists; category names unique (case-insensitively); a sold pet has no
 * stock and no open order; stock plus reserved units at most the stock maximum; and for each pet,
 * stock + the quantities of its orders is conserved except through restocks (`restocked`).
 */
export function checkInvariants(
  snapshot: ObservedState,
  previousLedger: Map<number, number> | undefined,
  restocked: number | undefined,
): Map<number, number> {
  const problems: string[] = [];
  const fields: (string | undefined)[] = [];
  const broke: Broke = (problem, field) => {
    problems.push(problem);
    fields.push(field);
  };
  const pets: Pets = new Map(snapshot.pets.records.map((pet) => [pet.id, pet]));
  checkInventory(snapshot, pets, broke);
  const orders = checkOrders(snapshot, pets, broke);
  const ledger = checkPets(snapshot, pets, orders, broke);
  for (const [petId, total] of ledger) {
    const before = previousLedger?.get(petId);
    if (before !== undefined && petId !== restocked && before !== total) {
      broke(`pet ${petId}: stock + ordered quantities went from ${before} to ${total} without a restock`);
    }
  }
  checkCategoryNames(snapshot, broke);
  if (problems.length) {
    const failure = new Failure(
      "model.invariant",
      `invariants broken:\n  ${problems.join("\n  ")}`,
      "pets, orders, inventory and categories that agree",
      problems.length === 1 ? problems[0]! : `${problems[0]} (and ${problems.length - 1} more)`,
    );
    // The fields it is about, when each problem is about one (a symptom of a field answered wrong).
    failure.fields = fields.every((field) => field !== undefined) ? [...new Set(fields)].sort() : undefined;
    throw failure;
  }
  return ledger;
}

/** Stock never negative; an inventory entry only for a pet, with the pet's status. */
function checkInventory(snapshot: ObservedState, pets: Pets, broke: Broke): void {
  for (const item of snapshot.inventory.records) {
    const pet = pets.get(item.petId);
    if (item.quantity < 0 || !Number.isInteger(item.quantity)) {
      broke(`pet ${item.petId} has a stock of ${item.quantity}`, "inventory.quantity");
    }
    if (!pet) {
      broke(`inventory entry ${item.petId} has no pet`, "inventory.petId");
    } else if (pet.status !== item.status) {
      broke(`pet ${pet.id} is ${pet.status} but its inventory entry says ${item.status}`, "inventory.status");
    }
  }
}

/** No open order for a pet that is gone or sold; returns the units each pet's orders hold, all and open ones. */
function checkOrders(snapshot: ObservedState, pets: Pets, broke: Broke) {
  const add = (sums: Map<number, number>, petId: number, quantity: number) =>
    sums.set(petId, (sums.get(petId) ?? 0) + quantity);
  const ordered = new Map<number, number>();
  const reserved = new Map<number, number>();
  for (const order of snapshot.orders.records) {
    const pet = pets.get(order.petId);
    add(ordered, order.petId, order.quantity);
    if (!order.complete) {
      add(reserved, order.petId, order.quantity);
      if (!pet) {
        broke(`open order ${order.id} is for pet ${order.petId}, which is gone`, "orders.petId");
      } else if (pet.status === "sold") {
        broke(`sold pet ${pet.id} has open order ${order.id}`);
      }
    }
  }
  return { ordered, reserved };
}

/**
 * Each pet has an inventory entry and a category that exists, at most the stock maximum held, no stock once sold;
 * returns each pet's stock plus the units of its orders (the ledger a later state is checked against).
 */
function checkPets(
  snapshot: ObservedState,
  pets: Pets,
  { ordered, reserved }: ReturnType<typeof checkOrders>,
  broke: Broke,
): Map<number, number> {
  const stock = new Map(snapshot.inventory.records.map((item) => [item.petId, item.quantity]));
  const categories = new Set(snapshot.categories.records.map((category) => category.id));
  const ledger = new Map<number, number>();
  for (const pet of pets.values()) {
    const quantity = stock.get(pet.id) ?? 0;
    if (!stock.has(pet.id)) {
      broke(`pet ${pet.id} has no inventory entry`, "inventory.petId");
    }
    if (!categories.has(pet.categoryId)) {
      broke(`pet ${pet.id} belongs to category ${pet.categoryId}, which is gone`, "pets.categoryId");
    }
    const total = quantity + (reserved.get(pet.id) ?? 0);
    if (total > stockMaximum) {
      broke(`pet ${pet.id}: stock plus reserved units is ${total}, above ${stockMaximum}`);
    }
    if (pet.status === "sold" && quantity > 0) {
      broke(`sold pet ${pet.id} has ${quantity} in stock`);
    }
    ledger.set(pet.id, quantity + (ordered.get(pet.id) ?? 0));
  }
  return ledger;
}

/** Category names unique, compared case-insensitively. */
function checkCategoryNames(snapshot: ObservedState, broke: Broke): void {
  const names = new Map<string, number>();
  for (const category of snapshot.categories.records) {
    const key = category.name.toLowerCase();
    if (names.has(key)) {
      broke(
        `categories ${names.get(key)} and ${category.id} share the name ${JSON.stringify(category.name)}`,
        "categories.name",
      );
    }
    names.set(key, category.id);
  }
}

/** Compares the model with the observed state, record by record. */
export function compareWithStore(model: Model, snapshot: ObservedState): void {
  const byId = <T extends { id: number }>(records: Map<number, T>) => [...records.values()].sort((a, b) => a.id - b.id);
  const orderFacts = (order: ModelOrder) => [order.id, order.petId, order.quantity, order.complete];
  const pets = byId(model.pets);
  expectEqual("model.record", "pets (model vs backend)", snapshot.pets.records.map(petBody), pets.map(petBody));
  expectEqual(
    "model.stock",
    "stock (model vs backend)",
    snapshot.inventory.records.map(({ petId, quantity, status }) => ({ petId, quantity, status })),
    pets.map(inventoryBody),
  );
  expectEqual(
    "model.record",
    "orders (model vs backend)",
    snapshot.orders.records.map(orderFacts),
    byId(model.orders).map(orderFacts),
  );
  expectEqual(
    "model.record",
    "categories (model vs backend)",
    snapshot.categories.records.map(categoryBody),
    byId(model.categories).map(categoryBody),
  );
}
