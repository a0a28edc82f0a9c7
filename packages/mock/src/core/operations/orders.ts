import { assertRoom, MockApiError, notFound } from "../http/errors.js";
import { locationOf } from "../http/location.js";
import { insertNow } from "../store/insert-now.js";
import type { StoredOrder } from "../store/records.js";
import type { PetstoreStore } from "../store/store.js";
import type { OperationHandlers } from "./context.js";
import { listPage } from "./list-page.js";
import { openOrderIds, setPetStatus, stockOf } from "./pet-state.js";

function findOrder(store: PetstoreStore, orderId: number): StoredOrder {
  const order = store.orders.get(orderId);
  if (!order) {
    throw notFound("order", orderId);
  }
  return order;
}

function assertOpen(order: StoredOrder, action: string): void {
  if (order.complete) {
    throw new MockApiError(409, "ORDER_COMPLETE", `order ${order.id} is already complete and cannot be ${action}`);
  }
}

export const orderOperations = {
  listOrders(context) {
    const { petId, complete } = context.query;
    const where: Record<string, (string | number)[]> = {};
    if (petId !== undefined) {
      where.petId = [petId];
    }
    if (complete !== undefined) {
      where.complete = [String(complete)];
    }
    return listPage(context, context.store.orders, { where });
  },

  placeOrder({ store, body, baseUrl }) {
    // The check and the reservation are one step (operations run one at a time): no overselling.
    const pet = store.pets.get(body.petId);
    if (!pet) {
      throw new MockApiError(422, "UNKNOWN_REFERENCE", `body.petId refers to pet ${body.petId}, which does not exist`);
    }
    if (pet.status !== "available") {
      throw new MockApiError(
        409,
        "PET_NOT_AVAILABLE",
        `pet ${pet.id} is ${pet.status}, not available; only available pets can be ordered`,
      );
    }
    const item = store.inventory.get(pet.id)!;
    if (body.quantity > item.quantity) {
      throw new MockApiError(
        409,
        "INSUFFICIENT_STOCK",
        `body.quantity is ${body.quantity} but pet ${pet.id} has only ${item.quantity} in stock`,
      );
    }
    assertRoom(store.orders, "orders");
    store.inventory.update(item, { quantity: item.quantity - body.quantity });
    if (item.quantity === 0) {
      setPetStatus(store, pet, "pending");
    }
    const order = insertNow(store.orders, {
      petId: pet.id,
      quantity: body.quantity,
      ...(body.shipDate !== undefined ? { shipDate: body.shipDate } : {}),
      complete: false,
    });
    return { status: 201, headers: { Location: locationOf(baseUrl, "placeOrder", order.id) }, body: order };
  },

  getOrder({ store, path }) {
    return { status: 200, body: findOrder(store, path.orderId) };
  },

  updateOrder({ store, path, body, now }) {
    const order = findOrder(store, path.orderId);
    assertOpen(order, "changed");
    const fulfil = body.complete === true;
    const shipDate = body.shipDate ?? (fulfil && !order.shipDate ? now().toISOString() : undefined);
    store.orders.update(order, {
      ...(shipDate !== undefined ? { shipDate } : {}),
      ...(fulfil ? { complete: true } : {}),
    });
    const pet = store.pets.get(order.petId);
    if (fulfil && pet && stockOf(store, pet.id) === 0 && openOrderIds(store, pet.id).length === 0) {
      setPetStatus(store, pet, "sold");
    }
    return { status: 200, body: order };
  },

  cancelOrder({ store, path }) {
    const order = findOrder(store, path.orderId);
    assertOpen(order, "cancelled");
    store.orders.remove(order);
    const item = store.inventory.get(order.petId);
    const pet = store.pets.get(order.petId);
    if (item && pet) {
      store.inventory.update(item, { quantity: item.quantity + order.quantity });
      if (pet.status === "pending" && item.quantity > 0) {
        setPetStatus(store, pet, "available");
      }
    }
    return { status: 204 };
  },
} satisfies Partial<OperationHandlers>;
