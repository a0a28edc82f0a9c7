import { contract } from "../generated/contract.js";
import { ApiError, notFound } from "../http/errors.js";
import { pagingHeaders } from "../http/paging.js";
import type { OperationHandlers } from "./context.js";
import { openOrderIds, setPetStatus } from "./pet-state.js";

export const inventoryOperations: Pick<
  OperationHandlers,
  "listInventory" | "getInventoryItem" | "updateInventoryItem"
> = {
  listInventory({ store, query, rawQuery, requestPath, baseUrl }) {
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const page = store.inventory.page({ where: query.status ? { status: query.status } : {}, offset, limit });
    return {
      status: 200,
      headers: pagingHeaders(baseUrl, requestPath, rawQuery, offset, limit, page.total),
      body: page.items,
    };
  },

  getInventoryItem({ store, path }) {
    const item = store.inventory.get(path.petId);
    if (!item) {
      throw notFound("pet", path.petId);
    }
    return { status: 200, body: item };
  },

  updateInventoryItem({ store, path, body }) {
    return store.exclusive(() => {
      const item = store.inventory.get(path.petId);
      const pet = store.pets.get(path.petId);
      if (!item || !pet) {
        throw notFound("pet", path.petId);
      }
      // Stock plus reserved units stays within the limit, so cancelling can always return units.
      const reserved = openOrderIds(store, pet.id).reduce((sum, id) => sum + store.orders.get(id)!.quantity, 0);
      if (body.quantity + reserved > contract.maxStock) {
        throw new ApiError(
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
    });
  },
};
