import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "../support/adapters.js";
import { withSelfCheck } from "./support.js";

// Found by the conformance model-based fuzzer (packages/conformance/test/fuzz-stateful.test.ts),
// shrunk to: place an order for 1 unit, set the stock to the maximum (1,000,000) with
// updateInventoryItem, cancel the order. Returning the reserved unit made the stock 1,000,001, the
// store refused the write and cancelOrder answered 500 INTERNAL_ERROR. Fixed in e4026b0: the stock
// plus the units reserved by open orders may not pass 1,000,000 (409 STOCK_LIMIT_EXCEEDED).
describeEachAdapter("cancelling an order after a restock to the maximum", (adapter) => {
  it("refuses the restock with 409 STOCK_LIMIT_EXCEEDED, cancels with 204, and keeps the stock within 0..1,000,000", () =>
    withSelfCheck(async () => {
      // Pet 2 (Misty) is available with stock and has no order in the demo data.
      const placed = await adapter().request("/store/orders", { method: "POST", json: { petId: 2, quantity: 1 } });
      expect(placed.status).toBe(201);
      const { id } = await json<{ id: number }>(placed);
      const restock = await adapter().request("/store/inventory/2", { method: "PUT", json: { quantity: 1_000_000 } });
      await expectError(restock, 409, "STOCK_LIMIT_EXCEEDED");
      const atLimit = await adapter().request("/store/inventory/2", { method: "PUT", json: { quantity: 999_999 } });
      expect(atLimit.status).toBe(200);
      const cancelled = await adapter().request(`/store/orders/${id}`, { method: "DELETE" });
      expect(cancelled.status).toBe(204);
      const item = await json<{ quantity: number }>(await adapter().request("/store/inventory/2"));
      expect(item.quantity).toBe(1_000_000);
    }));
});
