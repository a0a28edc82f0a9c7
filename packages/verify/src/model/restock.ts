// The restock command: sets a pet's stock, within the cap on stock plus reserved units.

import { stockMaximum } from "@petstore/contract";
import fc from "fast-check";
import { aim, type Command, command, expectEqual, expectOutcome, type Pick, send } from "./command.js";
import { inventoryBody } from "./model.js";

export const restock = (pick: Pick, quantity: number) =>
  command(`restock(${quantity})`, async (model, real, did) => {
    const petId = aim(model, "pets", pick);
    model.restocked = petId;
    const response = await send(model, real, "PUT", `/store/inventory/${petId}`, { quantity });
    const ran = did(`updateInventoryItem(${petId}, ${quantity}) → ${response.status}`);
    const pet = model.pets.get(petId);
    if (!pet) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    // The stock plus the units reserved by open orders may not pass the stock maximum.
    const reserved = model.openOrders(petId).reduce((sum, order) => sum + order.quantity, 0);
    if (quantity + reserved > stockMaximum) {
      return expectOutcome(ran, response, 409, "STOCK_LIMIT_EXCEEDED");
    }
    expectOutcome(ran, response, 200);
    pet.stock = quantity;
    if (quantity > 0) {
      pet.status = "available";
    }
    expectEqual("model.stock", ran, response.json, inventoryBody(pet));
  });

export const restockCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc
    .tuple(
      pick,
      fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(0, stockMaximum - 10, stockMaximum - 1, stockMaximum)),
    )
    .map(([p, q]) => restock(p, q)),
];
