import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "./support/adapters.js";

interface Order {
  id: number;
  petId: number;
  quantity: number;
  shipDate?: string;
  complete: boolean;
}

describeEachAdapter("orders and stock", (adapter) => {
  const stock = async (petId: number) =>
    await json<{ quantity: number; status: string }>(await adapter().request(`/store/inventory/${petId}`));
  const order = (json: unknown) => adapter().request("/store/orders", { method: "POST", json });

  it("places an order, reserving its quantity at once", async () => {
    const before = (await stock(1)).quantity;
    const response = await order({ petId: 1, quantity: 2, shipDate: "2026-12-24T10:00:00Z" });
    expect(response.status).toBe(201);
    const placed = await json<Order>(response);
    expect(placed).toMatchObject({ petId: 1, quantity: 2, shipDate: "2026-12-24T10:00:00Z", complete: false });
    expect(response.headers.get("Location")).toBe(`${adapter().baseUrl}/store/orders/${placed.id}`);
    expect((await stock(1)).quantity).toBe(before - 2);
  });

  it("refuses more than is in stock, an unknown pet, a read-only field and a bad quantity", async () => {
    const { quantity } = await stock(1);
    await expectError(
      await order({ petId: 1, quantity: quantity + 1 }),
      409,
      "INSUFFICIENT_STOCK",
      `only ${quantity} in stock`,
    );
    await expectError(await order({ petId: 404, quantity: 1 }), 422, "UNKNOWN_REFERENCE", /body\.petId.*404/);
    await expectError(
      await order({ petId: 1, quantity: 1, complete: true }),
      400,
      "INVALID_FIELD",
      /body\.complete is read-only/,
    );
    await expectError(
      await order({ petId: 1, quantity: 0 }),
      400,
      "INVALID_FIELD",
      /body\.quantity must be at least 1/,
    );
    await expectError(await order({ petId: 1 }), 400, "MISSING_FIELD", "body.quantity is required");
    await expectError(
      await order({ petId: 1, quantity: 1, shipDate: "tomorrow" }),
      400,
      "INVALID_FIELD",
      /body\.shipDate.*ISO 8601/,
    );
    expect((await stock(1)).quantity).toBe(quantity);
  });

  it("never oversells: 40 concurrent orders of 1 against a stock of 10 give exactly 10 orders", async () => {
    const created = await json<{ id: number }>(
      await adapter().request("/pets", { method: "POST", json: { name: "Popular", categoryId: 1 } }),
    );
    await adapter().request(`/store/inventory/${created.id}`, { method: "PUT", json: { quantity: 10 } });
    const responses = await Promise.all(Array.from({ length: 40 }, () => order({ petId: created.id, quantity: 1 })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect((await json<{ code: string }>(response)).code).toMatch(/INSUFFICIENT_STOCK|PET_NOT_AVAILABLE/);
    }
    expect(await stock(created.id)).toMatchObject({ quantity: 0, status: "pending" });
  });

  it("makes a pet pending when an order takes its last unit, and available again when it is cancelled", async () => {
    const { quantity } = await stock(3);
    const placed = await json<Order>(await order({ petId: 3, quantity }));
    expect(await stock(3)).toEqual({ petId: 3, quantity: 0, status: "pending" });
    await expectError(await order({ petId: 3, quantity: 1 }), 409, "PET_NOT_AVAILABLE", /pet 3 is pending/);
    expect((await adapter().request(`/store/orders/${placed.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await stock(3)).toEqual({ petId: 3, quantity, status: "available" });
    await expectError(await adapter().request(`/store/orders/${placed.id}`), 404, "NOT_FOUND");
  });

  it("sells a pet when its last open order is fulfilled with no stock left", async () => {
    const { quantity } = await stock(1);
    const last = await json<Order>(await order({ petId: 1, quantity }));
    const fulfil = (id: number) =>
      adapter().request(`/store/orders/${id}`, { method: "PATCH", json: { complete: true } });
    const first = await json<Order>(await fulfil(1));
    expect(first.complete).toBe(true);
    expect((await json<{ status: string }>(await adapter().request("/pets/1"))).status).toBe("pending");
    expect(await json<Order>(await fulfil(last.id))).toMatchObject({ complete: true, shipDate: expect.any(String) });
    expect((await json<{ status: string }>(await adapter().request("/pets/1"))).status).toBe("sold");
    expect((await stock(1)).status).toBe("sold");
    await expectError(await fulfil(last.id), 409, "ORDER_COMPLETE", /already complete/);
    await expectError(await adapter().request(`/store/orders/${last.id}`, { method: "DELETE" }), 409, "ORDER_COMPLETE");
  });

  it("reschedules an open order and leaves complete: false as it is", async () => {
    const response = await adapter().request("/store/orders/2", {
      method: "PATCH",
      json: { shipDate: "2027-01-05T09:30:00+01:00", complete: false },
    });
    expect(await json(response)).toMatchObject({ id: 2, shipDate: "2027-01-05T09:30:00+01:00", complete: false });
    await expectError(
      await adapter().request("/store/orders/2", { method: "PATCH", json: { quantity: 3 } }),
      400,
      "UNKNOWN_FIELD",
    );
  });

  it("lists orders filtered by pet and completion, with paging", async () => {
    const open = await json<Order[]>(await adapter().request("/store/orders?complete=false&limit=100"));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((candidate) => !candidate.complete)).toBe(true);
    const forPet = await json<Order[]>(await adapter().request("/store/orders?petId=1"));
    expect(forPet.map((candidate) => candidate.id)).toEqual([1]);
    await expectError(
      await adapter().request("/store/orders?complete=yes"),
      400,
      "INVALID_PARAMETER",
      /complete must be a boolean/,
    );
  });
});
