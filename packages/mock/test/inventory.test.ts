import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "./support/adapters.js";

describeEachAdapter("inventory", (adapter) => {
  it("lists one entry per pet whose status is the pet's", async () => {
    const response = await adapter().request("/store/inventory?limit=100");
    const items = await json<{ petId: number; status: string }[]>(response);
    expect(items).toHaveLength(20);
    for (const item of items) {
      expect(item.status).toBe(adapter().store.pets.get(item.petId)?.status);
    }
    const sold = await json<{ status: string }[]>(await adapter().request("/store/inventory?status=sold"));
    expect(sold.every((item) => item.status === "sold")).toBe(true);
  });

  it("sets stock, and restocking re-lists a sold pet", async () => {
    const sold = [...adapter().store.pets.values()].find((pet) => pet.status === "sold")!;
    const response = await adapter().request(`/store/inventory/${sold.id}`, { method: "PUT", json: { quantity: 4 } });
    expect(await json(response)).toEqual({ petId: sold.id, quantity: 4, status: "available" });
    expect(adapter().store.pets.get(sold.id)?.status).toBe("available");
  });

  it("bounds stock from 0 to 1,000,000 and 404s an unknown pet", async () => {
    const put = (path: string, json: unknown) => adapter().request(path, { method: "PUT", json });
    await expectError(await put("/store/inventory/1", { quantity: -1 }), 400, "INVALID_FIELD", /at least 0/);
    await expectError(
      await put("/store/inventory/1", { quantity: 1_000_001 }),
      400,
      "INVALID_FIELD",
      /at most 1000000/,
    );
    await expectError(await put("/store/inventory/1", {}), 400, "MISSING_FIELD", "body.quantity is required");
    await expectError(await put("/store/inventory/999", { quantity: 1 }), 404, "NOT_FOUND", "pet 999 does not exist");
  });
});
