// The records of the named states built on the demo data: `sold-out`, `category-in-use` and `busy-orders`.
// Each keeps the state rules (control/snapshot-rules.ts): open orders only for unsold pets, a sold pet without
// stock and with a complete order, stock plus reserved units within the document's maximum.
import { contract } from "../generated/contract.js";
import { createRandom, type DemoRecords, demoRecords, pick, shipDate } from "./demo-records.js";
import type { PetStatus } from "./records.js";

/** The demo data's default size, which `sold-out` and `category-in-use` keep. */
export const DEMO_PETS = 20;
/** Pets of `busy-orders`: enough for orders on many pages. */
export const BUSY_ORDERS_PETS = 250;
/** Orders of `busy-orders`, the demo data's among them: long order lists. */
export const BUSY_ORDERS_ORDERS = 1_000;

/** A different stream than the demo data's for the same seed, so the orders added do not echo it. */
const extraRandom = (seed: number) => createRandom((seed ^ 0x5eed5eed) >>> 0);

/**
 * Nothing can be ordered: each pet is sold (stock 0, a complete order), pending (stock 0, its open orders
 * reserving the rest), or available with stock 0 (every third of the pets that had stock and no open order).
 */
export function soldOutRecords(seed: number): DemoRecords {
  const { categories, pets, orders, inventory } = demoRecords(DEMO_PETS, seed);
  const random = extraRandom(seed);
  const withOpenOrders = new Set(orders.filter((order) => !order.complete).map((order) => order.petId));
  // Counted among the available pets, not by position: as many sold out for every seed.
  let availableSeen = 0;
  for (const [index, pet] of pets.entries()) {
    const item = inventory[index]!;
    let status: PetStatus = pet.status;
    if (withOpenOrders.has(pet.id)) {
      status = "pending";
    } else if (pet.status === "available" && availableSeen++ % 3 !== 0) {
      // Its stock all sold and shipped.
      orders.push({
        id: orders.length + 1,
        petId: pet.id,
        quantity: item.quantity,
        shipDate: shipDate(-1 - pick(random, 60), pick(random, 9)),
        complete: true,
      });
      status = "sold";
    }
    pet.status = status;
    inventory[index] = { petId: pet.id, quantity: 0, status };
  }
  return { categories, pets, orders, inventory };
}

/** The demo data with one more pet, in the last category (Reptiles), so that every category is in use. */
export function categoryInUseRecords(seed: number): DemoRecords {
  const records = demoRecords(DEMO_PETS, seed);
  const id = records.pets.length + 1;
  const categoryId = records.categories.at(-1)!.id;
  records.pets.push({ id, name: "Iggy", categoryId, status: "available" });
  records.inventory.push({ petId: id, quantity: 2, status: "available" });
  return records;
}

/**
 * The demo data of 250 pets and, for most of them, several more orders (1,000 orders in all): complete ones on any pet (shipped in
 * the months before the base date), open ones on unsold pets (shipping in the weeks after), each open order
 * reserving units on top of the pet's stock, within the document's maximum.
 */
export function busyOrdersRecords(seed: number): DemoRecords {
  const records = demoRecords(BUSY_ORDERS_PETS, seed);
  const random = extraRandom(seed);
  const reserved = new Map<number, number>();
  for (const order of records.orders) {
    if (!order.complete) {
      reserved.set(order.petId, (reserved.get(order.petId) ?? 0) + order.quantity);
    }
  }
  // Exactly BUSY_ORDERS_ORDERS in all, for every seed: each order added goes to a pet the seed picks.
  const perPet = new Array<number>(records.pets.length).fill(0);
  for (let count = BUSY_ORDERS_ORDERS - records.orders.length; count > 0; count--) {
    perPet[pick(random, perPet.length)]!++;
  }
  const added = [];
  for (const [index, pet] of records.pets.entries()) {
    const stock = records.inventory[index]!.quantity;
    for (let count = perPet[index]!; count > 0; count--) {
      const quantity = 1 + pick(random, 4);
      const room = contract.maxStock - stock - (reserved.get(pet.id) ?? 0);
      const open = pet.status !== "sold" && random() < 0.4 && quantity <= room;
      if (open) {
        reserved.set(pet.id, (reserved.get(pet.id) ?? 0) + quantity);
      }
      const days = open ? 1 + pick(random, 30) : -1 - pick(random, 180);
      added.push({ petId: pet.id, quantity, shipDate: shipDate(days, pick(random, 9)), complete: !open });
    }
  }
  for (const order of added) {
    records.orders.push({ id: records.orders.length + 1, ...order });
  }
  return records;
}
