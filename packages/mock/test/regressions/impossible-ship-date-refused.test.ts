import { expect, it } from "vitest";
import { describeEachAdapter, expectError } from "../support/adapters.js";
import { withSelfCheck } from "./support.js";

// Found by the conformance fuzzer (packages/conformance/test/fuzz-requests.test.ts). Order.shipDate
// is `format: date-time` (RFC 3339), but the mock's compiled format is a regex that accepts any day
// 01-31 in any month: 2026-02-30 is stored and echoed back in an Order that breaks its own schema.
// Fixed in e4026b0: date-times must be real calendar days.
describeEachAdapter("a shipDate that is not a calendar date", (adapter) => {
  for (const shipDate of ["2026-02-30T10:00:00Z", "2026-04-31T10:00:00Z", "2025-02-29T10:00:00Z"]) {
    it(`is refused with 400 INVALID_FIELD (${shipDate}) when placing and rescheduling an order`, () =>
      withSelfCheck(async () => {
        const placed = await adapter().request("/store/orders", {
          method: "POST",
          json: { petId: 1, quantity: 1, shipDate },
        });
        await expectError(placed, 400, "INVALID_FIELD", /shipDate/);
        const rescheduled = await adapter().request("/store/orders/1", { method: "PATCH", json: { shipDate } });
        await expectError(rescheduled, 400, "INVALID_FIELD", /shipDate/);
      }));
  }

  it("still accepts a real leap day", async () => {
    const response = await adapter().request("/store/orders/1", {
      method: "PATCH",
      json: { shipDate: "2028-02-29T10:00:00Z" },
    });
    expect(response.status).toBe(200);
  });
});
