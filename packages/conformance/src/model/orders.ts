// Commands on orders: place (also several at once for one pet), fulfil, reschedule, cancel; each
// reserves or releases stock and moves the pet's status as the state rules say.

import { limits, orderQuantityMaximum } from "@petstore/contract";
import fc from "fast-check";
import {
  Base,
  type Command,
  choose,
  expectEqual,
  expectOutcome,
  Failure,
  json,
  type Pick,
  type Real,
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

class PlaceOrder extends Base {
  constructor(
    readonly pick: Pick,
    readonly quantity: number,
    readonly shipDate: string | undefined,
  ) {
    super();
  }
  describe() {
    return `placeOrder(×${this.quantity})`;
  }
  async run(model: Model, real: Real) {
    const petId = choose(model.pets.keys(), model.gone.pets, this.pick);
    const body = { petId, quantity: this.quantity, ...(this.shipDate ? { shipDate: this.shipDate } : {}) };
    const response = await send(model, real, "POST", "/store/orders", json(body));
    this.ran = `placeOrder(${JSON.stringify(body)}) → ${response.status}`;
    const pet = model.pets.get(petId);
    if (!pet) {
      return expectOutcome(this.ran, response, 422, "UNKNOWN_REFERENCE");
    }
    if (pet.status !== "available") {
      return expectOutcome(this.ran, response, 409, "PET_NOT_AVAILABLE");
    }
    if (this.quantity > pet.stock) {
      return expectOutcome(this.ran, response, 409, "INSUFFICIENT_STOCK");
    }
    if (model.orders.size >= limits.maxOrders) {
      return expectOutcome(this.ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(this.ran, response, 201);
    const created = response.json as ModelOrder;
    const order: ModelOrder = {
      id: created.id,
      petId,
      quantity: this.quantity,
      ...(this.shipDate ? { shipDate: this.shipDate } : {}),
      complete: false,
    };
    expectEqual(this.ran, created, order);
    reserve(model, order);
  }
}

/** Several orders for one pet at the same time: stock is never oversold. */
class ConcurrentOrders extends Base {
  constructor(
    readonly pick: Pick,
    readonly quantities: number[],
  ) {
    super();
  }
  describe() {
    return `concurrent placeOrder(×${this.quantities.join(", ×")})`;
  }
  async run(model: Model, real: Real) {
    const petId = choose(model.pets.keys(), model.gone.pets, { ...this.pick, missing: false });
    const pet = model.pets.get(petId);
    const responses = await Promise.all(
      this.quantities.map((quantity) => send(model, real, "POST", "/store/orders", json({ petId, quantity }))),
    );
    this.ran = `concurrent placeOrder(pet ${petId}, ×${this.quantities.join(", ×")}) → ${responses.map((response) => response.status).join(", ")}`;
    if (!pet) {
      for (const response of responses) {
        expectOutcome(this.ran, response, 422, "UNKNOWN_REFERENCE");
      }
      return;
    }
    const before = pet.stock;
    const accepted = responses.filter((response) => response.status === 201);
    for (const response of responses) {
      if (response.status !== 201) {
        const code = (response.json as { code?: string }).code;
        expectOutcome(
          this.ran,
          response,
          409,
          code === "PET_NOT_AVAILABLE" ? "PET_NOT_AVAILABLE" : "INSUFFICIENT_STOCK",
        );
      } else {
        expectOutcome(this.ran, response, 201);
      }
    }
    const reserved = accepted.reduce((sum, response) => sum + (response.json as ModelOrder).quantity, 0);
    if (reserved > before) {
      throw new Failure(`${this.ran}: ${reserved} units were reserved but only ${before} were in stock`);
    }
    if (pet.status !== "available" && accepted.length) {
      throw new Failure(`${this.ran}: orders were accepted for a ${pet.status} pet`);
    }
    for (const response of accepted) {
      reserve(model, response.json as ModelOrder);
    }
    // Every refusal for stock must be justified by the stock left at the end (orders are served one at a time).
    for (const [index, response] of responses.entries()) {
      if (
        (response.json as { code?: string }).code === "INSUFFICIENT_STOCK" &&
        this.quantities[index]! <= pet.stock &&
        pet.status === "available"
      ) {
        throw new Failure(
          `${this.ran}: an order for ${this.quantities[index]} was refused for stock, yet ${pet.stock} are left`,
        );
      }
    }
  }
}

class FulfilOrder extends Base {
  constructor(
    readonly pick: Pick,
    readonly shipDate: string | undefined,
  ) {
    super();
  }
  describe() {
    return "fulfilOrder";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.orders.keys(), model.gone.orders, this.pick);
    const body = { complete: true, ...(this.shipDate ? { shipDate: this.shipDate } : {}) };
    const response = await send(model, real, "PATCH", `/store/orders/${id}`, json(body));
    this.ran = `fulfilOrder(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(this.ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(this.ran, response, 200);
    const returned = response.json as ModelOrder;
    const next: ModelOrder = {
      ...order,
      complete: true,
      shipDate: this.shipDate ?? order.shipDate ?? returned.shipDate,
    };
    if (next.shipDate === undefined) {
      throw new Failure(`${this.ran}: a fulfilled order without a shipDate must get one (now)`);
    }
    expectEqual(this.ran, returned, {
      id,
      petId: order.petId,
      quantity: order.quantity,
      complete: true,
      shipDate: next.shipDate,
    });
    model.orders.set(id, next);
    const pet = model.pets.get(order.petId);
    if (pet && pet.stock === 0 && model.openOrders(pet.id).length === 0) {
      pet.status = "sold";
    }
  }
}

class RescheduleOrder extends Base {
  constructor(
    readonly pick: Pick,
    readonly shipDate: string | undefined,
  ) {
    super();
  }
  describe() {
    return "rescheduleOrder";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.orders.keys(), model.gone.orders, this.pick);
    const body = this.shipDate ? { shipDate: this.shipDate } : { complete: false };
    const response = await send(model, real, "PATCH", `/store/orders/${id}`, json(body));
    this.ran = `updateOrder(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(this.ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(this.ran, response, 200);
    const next: ModelOrder = { ...order, ...(this.shipDate ? { shipDate: this.shipDate } : {}) };
    expectEqual(this.ran, response.json, {
      id,
      petId: order.petId,
      quantity: order.quantity,
      complete: false,
      ...(next.shipDate ? { shipDate: next.shipDate } : {}),
    });
    model.orders.set(id, next);
  }
}

class CancelOrder extends Base {
  constructor(readonly pick: Pick) {
    super();
  }
  describe() {
    return "cancelOrder";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.orders.keys(), model.gone.orders, this.pick);
    const response = await send(model, real, "DELETE", `/store/orders/${id}`);
    this.ran = `cancelOrder(${id}) → ${response.status}`;
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(this.ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(this.ran, response, 204);
    model.orders.delete(id);
    model.gone.orders.add(id);
    const pet = model.pets.get(order.petId)!;
    pet.stock += order.quantity;
    if (pet.status === "pending" && pet.stock > 0) {
      pet.status = "available";
    }
  }
}

export const orderCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => new PlaceOrder(p, q, d)),
  fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => new PlaceOrder(p, q, d)),
  fc
    .tuple(pick, fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 8 }))
    .map(([p, qs]) => new ConcurrentOrders(p, qs)),
  fc.tuple(pick, shipDate).map(([p, d]) => new FulfilOrder(p, d)),
  fc.tuple(pick, shipDate).map(([p, d]) => new RescheduleOrder(p, d)),
  pick.map((p) => new CancelOrder(p)),
  pick.map((p) => new CancelOrder(p)),
];
