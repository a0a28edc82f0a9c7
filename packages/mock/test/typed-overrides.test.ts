import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreOverrides } from "../src/index.js";
import { setupPetstoreServer } from "../src/node.js";

const baseUrl = "http://petstore.overrides.test";
const petstore = createPetstoreOverrides({ baseUrl });
const server = setupPetstoreServer({ baseUrl });
const headers = { Authorization: "Bearer petstore-demo-key" };

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.reset());
afterAll(() => server.close());

describe("typed overrides", () => {
  it("answers one documented operation with a typed reply in front of the mock", async () => {
    server.use(
      petstore.get("/pets/{petId}", ({ params, reply }) =>
        reply(200, { id: params.petId, name: "Override", categoryId: 1, status: "sold" }),
      ),
    );
    const response = await fetch(`${baseUrl}/pets/42`, { headers });
    expect(await response.json()).toEqual({ id: 42, name: "Override", categoryId: 1, status: "sold" });
  });

  it("falls through to the full mock when the resolver returns nothing", async () => {
    server.use(petstore.get("/pets", () => undefined));
    const response = await fetch(`${baseUrl}/pets?limit=1`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("20");
  });

  it("converts path and query parameters to the types the document gives them, without validating", async () => {
    const seen: unknown[] = [];
    server.use(
      petstore.get("/pets", ({ query }) => {
        seen.push(query);
        return undefined;
      }),
      petstore.get("/pets/{petId}", ({ params }) => {
        seen.push(params);
        return undefined;
      }),
    );
    await fetch(`${baseUrl}/pets?limit=2&limit=3&status=sold&status=lost&id=7&id=x&name=Rex&colour=red`, { headers });
    await fetch(`${baseUrl}/pets/0x1`, { headers });
    await fetch(`${baseUrl}/pets/-4`, { headers });
    expect(seen).toEqual([
      { limit: 2, status: ["sold", "lost"], id: [7, "x"], name: "Rex" },
      { petId: "0x1" },
      { petId: -4 },
    ]);
  });

  it("types the body and the documented error replies, and resets between tests", async () => {
    server.use(
      petstore.post("/store/orders", async ({ body, reply }) => {
        const order = await body();
        return reply(409, { code: "INSUFFICIENT_STOCK", message: `no stock for ${order.quantity}`, status: 409 });
      }),
    );
    const response = await fetch(`${baseUrl}/store/orders`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ petId: 1, quantity: 3 }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "INSUFFICIENT_STOCK", message: "no stock for 3" });
  });

  it("has no override left from the previous test", async () => {
    const response = await fetch(`${baseUrl}/store/orders`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ petId: 1, quantity: 1 }),
    });
    expect(response.status).toBe(201);
  });

  it("refuses a path or method the document does not have, from JavaScript too", () => {
    // The compile-time errors for the same calls, and for statuses and bodies, are in typed-overrides.test-d.ts.
    const untyped = petstore as unknown as Record<string, (path: string, resolver: () => undefined) => unknown>;
    expect(() => untyped.get!("/owners", () => undefined)).toThrow(/GET \/owners is not an operation/);
    expect(() => untyped.delete!("/pets", () => undefined)).toThrow(/DELETE \/pets is not an operation/);
  });
});
