// The records a capture keeps, as the mock's snapshot holds them (`Snapshot` of openapi/control.yaml),
// and the collections they come from.

import type { Status } from "../model/model.js";

/** The four lists a capture reads, by the name the snapshot gives them, with the path that lists them. */
export const COLLECTION_PATHS = {
  categories: "/categories",
  pets: "/pets",
  orders: "/store/orders",
  inventory: "/store/inventory",
} as const;

export type Collection = keyof typeof COLLECTION_PATHS;
export const COLLECTIONS = Object.keys(COLLECTION_PATHS) as Collection[];

export interface CapturedCategory {
  id: number;
  name: string;
  description?: string;
}
export interface CapturedPet {
  id: number;
  name: string;
  categoryId: number;
  status: Status;
}
/** An order as the mock stores it: every field but `shipDate` present. */
export interface CapturedOrder {
  id: number;
  petId: number;
  quantity: number;
  shipDate?: string;
  complete: boolean;
}
export interface CapturedEntry {
  petId: number;
  quantity: number;
  status: Status;
}

/** A backend's records, after the document's checks; assignable to the model's `ObservedState`. */
export interface CapturedState {
  categories: CapturedCategory[];
  pets: CapturedPet[];
  orders: CapturedOrder[];
  inventory: CapturedEntry[];
}

/** The key of a record in its collection: `petId` for an inventory entry, `id` for the others. */
export const keyOf = (collection: Collection, record: object): unknown =>
  collection === "inventory" ? (record as { petId?: unknown }).petId : (record as { id?: unknown }).id;

/** How a record is named in a report: `pet 12`, `inventory entry of pet 12`. */
export function recordName(collection: Collection, key: unknown): string {
  const what = { categories: "category", pets: "pet", orders: "order", inventory: "inventory entry of pet" }[
    collection
  ];
  return `${what} ${typeof key === "number" ? key : JSON.stringify(key)}`;
}

export const counts = (state: CapturedState): Record<Collection, number> => ({
  categories: state.categories.length,
  pets: state.pets.length,
  orders: state.orders.length,
  inventory: state.inventory.length,
});
