import * as validators from "../generated/validators.js";
import type { StoreLimits } from "./limits.js";
import type { Category, InventoryItem, Pet, StoredOrder } from "./records.js";
import { Table } from "./table.js";

/** Each table's key: the field its records are named by (what a by-id read and a delete give). */
export const TABLE_KEYS = { categories: "id", pets: "id", orders: "id", inventory: "petId" } as const;

/** Category names are unique compared case-insensitively, after trimming. */
export const normalizeCategoryName = (name: string) => name.trim().toLowerCase();

/** The store's four tables, each record checked against the document's record schema. */
export interface StoreTables {
  readonly categories: Table<Category, "id">;
  readonly pets: Table<Pet, "id">;
  readonly orders: Table<StoredOrder, "id">;
  readonly inventory: Table<InventoryItem, "petId">;
}

export interface StoreSnapshot {
  readonly categories: ReturnType<Table<Category>["dump"]>;
  readonly pets: ReturnType<Table<Pet>["dump"]>;
  readonly orders: ReturnType<Table<StoredOrder>["dump"]>;
  readonly inventory: ReturnType<Table<InventoryItem>["dump"]>;
}

/** Each table's indexes are the fields operations filter or look up by. */
export function createStoreTables(limits: StoreLimits): StoreTables {
  return {
    categories: new Table<Category, "id">({
      name: "category",
      validator: validators.CategoryRecord,
      schema: "Category",
      key: TABLE_KEYS.categories,
      indexes: { name: (category) => normalizeCategoryName(category.name) },
      capacity: limits.maxCategories,
    }),
    pets: new Table<Pet, "id">({
      name: "pet",
      validator: validators.PetRecord,
      schema: "Pet",
      key: TABLE_KEYS.pets,
      indexes: { status: (pet) => pet.status, categoryId: (pet) => pet.categoryId },
      capacity: limits.maxPets,
    }),
    orders: new Table<StoredOrder, "id">({
      name: "order",
      validator: validators.OrderRecord,
      schema: "Order",
      key: TABLE_KEYS.orders,
      indexes: {
        petId: (order) => order.petId,
        complete: (order) => String(order.complete),
        openPetId: (order) => (order.complete ? undefined : order.petId),
      },
      capacity: limits.maxOrders,
    }),
    inventory: new Table<InventoryItem, "petId">({
      name: "inventory entry",
      validator: validators.InventoryItemRecord,
      schema: "InventoryItem",
      key: TABLE_KEYS.inventory,
      indexes: { status: (item) => item.status },
    }),
  };
}

/** A table of the store, as a whole-store write sees it, with the function that loads its part of a snapshot. */
export interface LoadableTable {
  readonly table: Pick<Table<object>, "writes" | "rollback" | "clear" | "markClean">;
  load(snapshot: StoreSnapshot): Promise<void>;
}

/** The tables in snapshot order, each with its loader, for the writes that go over every table. */
export function loadableTables({ categories, pets, orders, inventory }: StoreTables): LoadableTable[] {
  return [
    { table: categories, load: (snapshot) => categories.load(snapshot.categories) },
    { table: pets, load: (snapshot) => pets.load(snapshot.pets) },
    { table: orders, load: (snapshot) => orders.load(snapshot.orders) },
    { table: inventory, load: (snapshot) => inventory.load(snapshot.inventory) },
  ];
}

/** A deep copy of every record, to load later. */
export const snapshotOf = ({ categories, pets, orders, inventory }: StoreTables): StoreSnapshot => ({
  categories: categories.dump(),
  pets: pets.dump(),
  orders: orders.dump(),
  inventory: inventory.dump(),
});
