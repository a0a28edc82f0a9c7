// The restock command: sets a pet's stock, within the cap on stock plus reserved units.

import { stockMaximum } from "@petstore/contract";
import fc from "fast-check";
import { Base, type Command, choose, expectEqual, expectOutcome, json, type Pick, type Real, send } from "./command.js";
import type { Model } from "./model.js";

export class Restock extends Base {
  /** The pet it aimed at, once it ran: the one whose stock may change. */
  petId: number | undefined;
  constructor(
    readonly pick: Pick,
    readonly quantity: number,
  ) {
    super();
  }
  describe() {
    return `restock(${this.quantity})`;
  }
  async run(model: Model, real: Real) {
    const petId = choose(model.pets.keys(), model.gone.pets, this.pick);
    this.petId = petId;
    const response = await send(model, real, "PUT", `/store/inventory/${petId}`, json({ quantity: this.quantity }));
    this.ran = `updateInventoryItem(${petId}, ${this.quantity}) → ${response.status}`;
    const pet = model.pets.get(petId);
    if (!pet) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    // The stock plus the units reserved by open orders may not pass the stock maximum.
    const reserved = model.openOrders(petId).reduce((sum, order) => sum + order.quantity, 0);
    if (this.quantity + reserved > stockMaximum) {
      return expectOutcome(this.ran, response, 409, "STOCK_LIMIT_EXCEEDED");
    }
    expectOutcome(this.ran, response, 200);
    pet.stock = this.quantity;
    if (this.quantity > 0) {
      pet.status = "available";
    }
    expectEqual(this.ran, response.json, { petId, quantity: pet.stock, status: pet.status });
  }
}

export const restockCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc
    .tuple(
      pick,
      fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(0, stockMaximum - 10, stockMaximum - 1, stockMaximum)),
    )
    .map(([p, q]) => new Restock(p, q)),
];
