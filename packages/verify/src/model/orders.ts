// Commands on orders: place (also several at once for one pet), fulfil, reschedule, cancel; each
// reserves or releases stock and moves the pet's status as the state rules say.

import { limits, orderQuantityMaximum } from "@petstore/contract";
import fc from "fast-check";
import { aim, type Command, command, expectEqual, expectOutcome, Failure, type Pick, send } from "./command.js";
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
  model.created("orders", order.id);
}

export const placeOrder = ({ pet: pick, quantity, shipDate }: { pet: Pick; quantity: number; shipDate?: string }) =>
  command(`placeOrder(×${quantity})`, async (model, real, did) => {
    const petId = aim(model, "pets", pick);
    const body = { petId, quantity, shipDate };
    const response = await send(model, real, "POST", "/store/orders", body);
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
    const order: ModelOrder = { id: created.id, petId, quantity, shipDate, complete: false };
    expectEqual("model.record", ran, created, order);
    reserve(model, order);
  });

/** Several orders for one pet at the same time: stock is never oversold. */
export const concurrentOrders = (pick: Pick, quantities: number[]) =>
  command(`concurrent placeOrder(×${quantities.join(", ×")})`, async (model, real, did) => {
    const petId = aim(model, "pets", { ...pick, missing: false });
    const pet = model.pets.get(petId);
    const responses = await Promise.all(
      quantities.map((quantity) => send(model, real, "POST", "/store/orders", { petId, quantity })),
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
    const accepted = responses.filter((response) => response.status === 201);
    for (const response of responses) {
      const code = (response.json as { code?: string } | undefined)?.code;
      const refusal = response.status === 201 ? undefined : code === "PET_NOT_AVAILABLE" ? code : "INSUFFICIENT_STOCK";
      expectOutcome(ran, response, refusal ? 409 : 201, refusal);
    }
    const reserved = accepted.reduce((sum, response) => sum + (response.json as ModelOrder).quantity, 0);
    if (reserved > pet.stock) {
      throw new Failure(
        "model.stock",
        `${ran}: ${reserved} units were reserved but only ${pet.stock} were in stock`,
        `at most ${pet.stock} units reserved`,
        `${reserved} units reserved`,
      );
    }
    if (pet.status !== "available" && accepted.length) {
      throw new Failure(
        "model.state-transition",
        `${ran}: orders were accepted for a ${pet.status} pet`,
        "409 PET_NOT_AVAILABLE for each order",
        `${accepted.length} order(s) accepted`,
      );
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
        throw new Failure(
          "model.stock",
          `${ran}: an order for ${quantities[index]} was refused for stock, yet ${pet.stock} are left`,
          `201 for the order of ${quantities[index]}`,
          "409 INSUFFICIENT_STOCK",
        );
      }
    }
  });

/**
 * `updateOrder` fulfilling an order (`complete: true`, with or without a shipDate) or rescheduling
 * it (a new shipDate, or `complete: false` alone); or `cancelOrder`. A complete order cannot change.
 */
export const changeOrder = (pick: Pick, change: "fulfilOrder" | "updateOrder" | "cancelOrder", shipDate?: string) =>
  command(change, async (model, real, did) => {
    const id = aim(model, "orders", pick);
    const fulfil = change === "fulfilOrder";
    const body =
      change === "cancelOrder" ? undefined : fulfil || !shipDate ? { complete: fulfil, shipDate } : { shipDate };
    const response = await send(model, real, body ? "PATCH" : "DELETE", `/store/orders/${id}`, body);
    const ran = did(`${change}(${id}${body ? `, ${JSON.stringify(body)}` : ""}) → ${response.status}`);
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(ran, response, body ? 200 : 204);
    const pet = model.pets.get(order.petId)!;
    if (!body) {
      model.orders.delete(id);
      model.gone.orders.add(id);
      pet.stock += order.quantity;
      if (pet.status === "pending" && pet.stock > 0) {
        pet.status = "available";
      }
      return;
    }
    const returned = response.json as ModelOrder;
    const next: ModelOrder = { ...order, complete: fulfil, shipDate: shipDate ?? order.shipDate };
    if (fulfil) {
      next.shipDate ??= returned.shipDate;
      if (next.shipDate === undefined) {
        throw new Failure(
          "model.record",
          `${ran}: a fulfilled order without a shipDate must get one (now)`,
          "a shipDate",
          "no shipDate",
        );
      }
    }
    expectEqual("model.record", ran, returned, next);
    model.orders.set(id, next);
    if (fulfil && pet.stock === 0 && model.openOrders(pet.id).length === 0) {
      pet.status = "sold";
    }
  });

export const orderCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => placeOrder({ pet: p, quantity: q, shipDate: d })),
  fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => placeOrder({ pet: p, quantity: q, shipDate: d })),
  fc
    .tuple(pick, fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 8 }))
    .map(([p, qs]) => concurrentOrders(p, qs)),
  fc.tuple(pick, shipDate).map(([p, d]) => changeOrder(p, "fulfilOrder", d)),
  fc.tuple(pick, shipDate).map(([p, d]) => changeOrder(p, "updateOrder", d)),
  pick.map((p) => changeOrder(p, "cancelOrder")),
  pick.map((p) => changeOrder(p, "cancelOrder")),
];
