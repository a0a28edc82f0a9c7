import { contract } from "../generated/contract.js";
import { MockApiError, notFound } from "../http/errors.js";
import type { OperationHandlers } from "./context.js";
import { listPage } from "./list-page.js";
import { openOrderIds, setPetStatus } from "./pet-state.js";

export const inventoryOperations = {
  listInventory(context) {
    const { status } = context.query;
    return listPage(context, context.store.inventory, { where: status ? { status } : {} });
  },

  getInventoryItem({ store, path }) {
    const item = store.inventory.get(path.petId);
    if (!item) {
      throw notFound("pet", path.petId);
    }
    return { status: 200, body: item };
  },

  updateInventoryItem({ store, path, body }) {
    const item = store.inventory.get(path.petId);
    const pet = store.pets.get(path.petId);
    if (!item || !pet) {
      throw notFound("pet", path.petId);
    }
    // Stock plus reserved units stays within the limit, so cancelling can always return units.
    const reserved = openOrderIds(store, pet.id).reduce((sum, id) => sum + store.orders.get(id)!.quantity, 0);
    if (body.quantity + reserved > contract.maxStock) {
      throw new MockApiError(
        409,
        "STOCK_LIMIT_EXCEEDED",
        `body.quantity ${body.quantity} plus the ${reserved} unit${reserved === 1 ? "" : "s"} reserved by open orders of pet ${pet.id} would pass the limit of ${contract.maxStock}`,
      );
    }
    store.inventory.update(item, { quantity: body.quantity });
    // Restocking re-lists a pet that was waiting on stock or sold out.
    if (body.quantity > 0 && pet.status !== "available") {
      setPetStatus(store, pet, "available");
    }
    return { status: 200, body: item };
  },
} satisfies Partial<OperationHandlers>;
