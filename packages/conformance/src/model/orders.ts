// Commands on orders: place (also several at once for one pet), fulfil, reschedule, cancel; each
// reserves or releases stock and moves the pet's status as the state rules say.

import { limits, orderQuantityMaximum } from "@petstore/contract";
import fc from "fast-check";
import {
  type Command,
  choose,
  command,
  expectEqual,
  expectOutcome,
  Failure,
  json,
  type Pick,
  send,
} from "./command.js";
import type { Model, ModelOrder } from "./model.js";

const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) },
  { weight: 1, arbitrary: fc.integer({ min: 7, max: orderQuantityMaximum }) },
);
const shipDate = fc.option(
  fc
    .date({ min: new Date(Date.UTC(2026, 0, 1)), max: new Date(Date.UTC(2030, 0, 1)), noInvalidDate: true })
    .map((date) => date.toISOString()),
  { nil: undefined },
);

/** Applies a successful order to the model: stock is reserved, the last unit makes the pet pending. */
function reserve(model: Model, order: ModelOrder): void {
  const pet = model.pets.get(order.petId)!;
  pet.stock -= order.quantity;
  if (pet.stock === 0) {
    pet.status = "pending";
  }
  model.orders.set(order.id, order);
}

const placeOrder = (pick: Pick, quantity: number, shipDate: string | undefined) =>
  command(`placeOrder(×${quantity})`, async (model, real, did) => {
    const petId = choose(model.pets.keys(), model.gone.pets, pick);
    const body = { petId, quantity, ...(shipDate ? { shipDate } : {}) };
    const response = await send(model, real, "POST", "/store/orders", json(body));
    const ran = did(`placeOrder(${JSON.stringify(body)}) → ${response.status}`);
    const pet = model.pets.get(petId);
    if (!pet) {
      return expectOutcome(ran, response, 422, "UNKNOWN_REFERENCE");
    }
    if (pet.status !== "available") {
      return expectOutcome(ran, response, 409, "PET_NOT_AVAILABLE");
    }
    if (quantity > pet.stock) {
      return expectOutcome(ran, response, 409, "INSUFFICIENT_STOCK");
    }
    if (model.orders.size >= limits.maxOrders) {
      return expectOutcome(ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(ran, response, 201);
    const created = response.json as ModelOrder;
    const order: ModelOrder = { id: created.id, petId, quantity, ...(shipDate ? { shipDate } : {}), complete: false };
    expectEqual(ran, created, order);
    reserve(model, order);
  });

/** Several orders for one pet at the same time: stock is never oversold. */
const concurrentOrders = (pick: Pick, quantities: number[]) =>
  command(`concurrent placeOrder(×${quantities.join(", ×")})`, async (model, real, did) => {
    const petId = choose(model.pets.keys(), model.gone.pets, { ...pick, missing: false });
    const pet = model.pets.get(petId);
    const responses = await Promise.all(
      quantities.map((quantity) => send(model, real, "POST", "/store/orders", json({ petId, quantity }))),
    );
    const ran = did(
      `concurrent placeOrder(pet ${petId}, ×${quantities.join(", ×")}) → ${responses.map((response) => response.status).join(", ")}`,
    );
    if (!pet) {
      for (const response of responses) {
        expectOutcome(ran, response, 422, "UNKNOWN_REFERENCE");
      }
      return;
    }
    const before = pet.stock;
    const accepted = responses.filter((response) => response.status === 201);
    for (const response of responses) {
      if (response.status !== 201) {
        const code = (response.json as { code?: string }).code;
        expectOutcome(ran, response, 409, code === "PET_NOT_AVAILABLE" ? "PET_NOT_AVAILABLE" : "INSUFFICIENT_STOCK");
      } else {
        expectOutcome(ran, response, 201);
      }
    }
    const reserved = accepted.reduce((sum, response) => sum + (response.json as ModelOrder).quantity, 0);
    if (reserved > before) {
      throw new Failure(`${ran}: ${reserved} units were reserved but only ${before} were in stock`);
    }
    if (pet.status !== "available" && accepted.length) {
      throw new Failure(`${ran}: orders were accepted for a ${pet.status} pet`);
    }
    for (const response of accepted) {
      reserve(model, response.json as ModelOrder);
    }
    // Every refusal for stock must be justified by the stock left at the end (orders are served one at a time).
    for (const [index, response] of responses.entries()) {
      if (
        (response.json as { code?: string }).code === "INSUFFICIENT_STOCK" &&
        quantities[index]! <= pet.stock &&
        pet.status === "available"
      ) {
        throw new Failure(`${ran}: an order for ${quantities[index]} was refused for stock, yet ${pet.stock} are left`);
      }
    }
  });

/**
 * `updateOrder` on an open order: fulfilling it (`complete: true`, with or without a shipDate) or
 * rescheduling it (a new shipDate, or `complete: false` alone).
 */
const updateOrder = (pick: Pick, fulfil: boolean, shipDate: string | undefined) =>
  command(fulfil ? "fulfilOrder" : "rescheduleOrder", async (model, real, did) => {
    const id = choose(model.orders.keys(), model.gone.orders, pick);
    const body = fulfil || !shipDate ? { complete: fulfil, ...(shipDate ? { shipDate } : {}) } : { shipDate };
    const response = await send(model, real, "PATCH", `/store/orders/${id}`, json(body));
    const ran = did(`${fulfil ? "fulfilOrder" : "updateOrder"}(${id}, ${JSON.stringify(body)}) → ${response.status}`);
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(ran, response, 200);
    const returned = response.json as ModelOrder;
    const next: ModelOrder = { ...order, complete: fulfil, ...(shipDate ? { shipDate } : {}) };
    if (fulfil) {
      next.shipDate ??= returned.shipDate;
      if (next.shipDate === undefined) {
        throw new Failure(`${ran}: a fulfilled order without a shipDate must get one (now)`);
      }
    }
    expectEqual(ran, returned, next);
    model.orders.set(id, next);
    const pet = model.pets.get(order.petId);
    if (fulfil && pet && pet.stock === 0 && model.openOrders(pet.id).length === 0) {
      pet.status = "sold";
    }
  });

const cancelOrder = (pick: Pick) =>
  command("cancelOrder", async (model, real, did) => {
    const id = choose(model.orders.keys(), model.gone.orders, pick);
    const response = await send(model, real, "DELETE", `/store/orders/${id}`);
    const ran = did(`cancelOrder(${id}) → ${response.status}`);
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(ran, response, 204);
    model.orders.delete(id);
    model.gone.orders.add(id);
    const pet = model.pets.get(order.petId)!;
    pet.stock += order.quantity;
    if (pet.status === "pending" && pet.stock > 0) {
      pet.status = "available";
    }
  });

export const orderCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => placeOrder(p, q, d)),
  fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => placeOrder(p, q, d)),
  fc
    .tuple(pick, fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 8 }))
    .map(([p, qs]) => concurrentOrders(p, qs)),
  fc.tuple(pick, shipDate).map(([p, d]) => updateOrder(p, true, d)),
  fc.tuple(pick, shipDate).map(([p, d]) => updateOrder(p, false, d)),
  pick.map((p) => cancelOrder(p)),
  pick.map((p) => cancelOrder(p)),
];
