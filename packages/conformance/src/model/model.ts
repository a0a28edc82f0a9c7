// The reference model: what the store holds according to the documented state rules alone. An
// independent oracle: it knows the document and the rules, never the mock's code.

import type { StoreSnapshot } from "@petstore/mock";

export type Status = "available" | "pending" | "sold";
export interface ModelPet {
  id: number;
  name: string;
  categoryId: number;
  status: Status;
  stock: number;
}
export interface ModelOrder {
  id: number;
  petId: number;
  quantity: number;
  complete: boolean;
  shipDate?: string;
}
export interface ModelCategory {
  id: number;
  name: string;
  description?: string;
}

export class Model {
  categories = new Map<number, ModelCategory>();
  pets = new Map<number, ModelPet>();
  orders = new Map<number, ModelOrder>();
  /** Ids that existed and were deleted, to aim commands at records that are gone. */
  gone = { pets: new Set<number>(), categories: new Set<number>(), orders: new Set<number>() };
  requests = 0;
  /** The pet the last restock aimed at: its stock may change outside the orders' ledger. */
  restocked: number | undefined;

  static from(snapshot: StoreSnapshot): Model {
    const model = new Model();
    for (const category of snapshot.categories.records) {
      model.categories.set(category.id, { ...category });
    }
    const stock = new Map(snapshot.inventory.records.map((item) => [item.petId, item.quantity]));
    for (const pet of snapshot.pets.records) {
      model.pets.set(pet.id, { ...pet, stock: stock.get(pet.id) ?? 0 });
    }
    for (const order of snapshot.orders.records) {
      model.orders.set(order.id, { ...order });
    }
    return model;
  }

  openOrders(petId: number): ModelOrder[] {
    return [...this.orders.values()].filter((order) => order.petId === petId && !order.complete);
  }
}

/** A pet as the API answers it. */
export const petBody = (pet: Omit<ModelPet, "stock">) => ({
  id: pet.id,
  name: pet.name,
  categoryId: pet.categoryId,
  status: pet.status,
});

/** A pet's inventory entry as the API answers it. */
export const inventoryBody = (pet: ModelPet) => ({ petId: pet.id, quantity: pet.stock, status: pet.status });

/** A category as the API answers it. */
export const categoryBody = (category: ModelCategory) => ({
  id: category.id,
  name: category.name,
  ...(category.description !== undefined ? { description: category.description } : {}),
});
