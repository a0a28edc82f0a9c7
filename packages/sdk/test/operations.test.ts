import { describe, expect, it } from "vitest";
import { unwrap } from "../src/index.js";
import { clientOverMock } from "./support.js";

// Every operation of the document, called through the SDK against the mock's in-memory fetch.
describe("every operation through the SDK", () => {
  it("lists, creates, reads, replaces, updates and deletes pets", async () => {
    const { client } = clientOverMock();
    const { data: pets, response } = await client.GET("/pets", {
      params: { query: { status: ["available"], limit: 5 } },
    });
    expect(pets).toHaveLength(5);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThan(5);

    const created = await unwrap(client.POST("/pets", { body: { name: "Biscuit", categoryId: 1 } }));
    expect(created).toEqual({ id: 21, name: "Biscuit", categoryId: 1, status: "available" });
    expect(await unwrap(client.GET("/pets/{petId}", { params: { path: { petId: 21 } } }))).toEqual(created);
    const replaced = await unwrap(
      client.PUT("/pets/{petId}", { params: { path: { petId: 21 } }, body: { name: "Biscuit II", categoryId: 2 } }),
    );
    expect(replaced).toMatchObject({ name: "Biscuit II", categoryId: 2, status: "available" });
    const held = await unwrap(
      client.PATCH("/pets/{petId}", { params: { path: { petId: 21 } }, body: { status: "pending" } }),
    );
    expect(held.status).toBe("pending");
    const deleted = await client.DELETE("/pets/{petId}", { params: { path: { petId: 21 } } });
    expect(deleted.response.status).toBe(204);
    expect(deleted.error).toBeUndefined();
  });

  it("lists, creates, reads, replaces, updates and deletes categories", async () => {
    const { client } = clientOverMock();
    expect(await unwrap(client.GET("/categories"))).toHaveLength(6);
    const created = await unwrap(client.POST("/categories", { body: { name: "Hamsters" } }));
    const path = { categoryId: created.id };
    expect(await unwrap(client.GET("/categories/{categoryId}", { params: { path } }))).toEqual(created);
    expect(
      await unwrap(
        client.PUT("/categories/{categoryId}", { params: { path }, body: { name: "Hamsters", description: "Small." } }),
      ),
    ).toMatchObject({ description: "Small." });
    expect(
      await unwrap(client.PATCH("/categories/{categoryId}", { params: { path }, body: { name: "Gerbils" } })),
    ).toMatchObject({ name: "Gerbils", description: "Small." });
    expect((await client.DELETE("/categories/{categoryId}", { params: { path } })).response.status).toBe(204);
  });

  it("places, reads, lists, fulfils and cancels orders, and reads and sets stock", async () => {
    const { client } = clientOverMock();
    const stock = await unwrap(client.GET("/store/inventory/{petId}", { params: { path: { petId: 1 } } }));
    const order = await unwrap(client.POST("/store/orders", { body: { petId: 1, quantity: 2 } }));
    expect(order).toMatchObject({ petId: 1, quantity: 2, complete: false });
    expect(await unwrap(client.GET("/store/orders/{orderId}", { params: { path: { orderId: order.id! } } }))).toEqual(
      order,
    );
    const open = await unwrap(client.GET("/store/orders", { params: { query: { petId: 1, complete: false } } }));
    expect(open.map((candidate) => candidate.id)).toContain(order.id);
    const fulfilled = await unwrap(
      client.PATCH("/store/orders/{orderId}", { params: { path: { orderId: order.id! } }, body: { complete: true } }),
    );
    expect(fulfilled.complete).toBe(true);
    const cancelled = await client.DELETE("/store/orders/{orderId}", { params: { path: { orderId: 1 } } });
    expect(cancelled.response.status).toBe(204);
    const after = await unwrap(client.GET("/store/inventory/{petId}", { params: { path: { petId: 1 } } }));
    expect(after.quantity).toBe(stock.quantity - 2 + 1);
    const inventory = await unwrap(client.GET("/store/inventory", { params: { query: { status: ["available"] } } }));
    expect(inventory.every((item) => item.status === "available")).toBe(true);
    const restocked = await unwrap(
      client.PUT("/store/inventory/{petId}", { params: { path: { petId: 1 } }, body: { quantity: 50 } }),
    );
    expect(restocked.quantity).toBe(50);
  });

  it("returns the typed Error body on failure", async () => {
    const { client } = clientOverMock();
    const { data, error, response } = await client.POST("/store/orders", { body: { petId: 1, quantity: 999 } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: "INSUFFICIENT_STOCK", status: 409 });
    expect(error?.message).toMatch(/only \d+ in stock/);
  });
});
