import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
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
      petstore.get("/pets/{petId}", ({ params, reply }) => {
        expectTypeOf(params.petId).toEqualTypeOf<number>();
        return reply(200, { id: params.petId, name: "Override", categoryId: 1, status: "sold" });
      }),
    );
    const response = await fetch(`${baseUrl}/pets/42`, { headers });
    expect(await response.json()).toEqual({ id: 42, name: "Override", categoryId: 1, status: "sold" });
  });

  it("falls through to the full mock when the resolver returns nothing", async () => {
    server.use(petstore.get("/pets", ({ query }) => (query.limit === 1 ? undefined : undefined)));
    const response = await fetch(`${baseUrl}/pets?limit=1`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("20");
  });

  it("types the body and the documented error replies, and resets between tests", async () => {
    server.use(
      petstore.post("/store/orders", async ({ body, reply }) => {
        const order = await body();
        expectTypeOf(order.quantity).toEqualTypeOf<number>();
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

  it("rejects at compile time a path, a status or a body the document does not allow", () => {
    // @ts-expect-error: /owners is not a path of the document.
    expect(() => petstore.get("/owners", () => undefined)).toThrow(/not an operation/);
    // @ts-expect-error: DELETE /pets is not an operation.
    expect(() => petstore.delete("/pets", () => undefined)).toThrow(/not an operation/);
    petstore.get("/pets/{petId}", ({ reply }) =>
      // @ts-expect-error: 201 is not a documented status of getPet.
      reply(201, { id: 1, name: "x", categoryId: 1, status: "available" }),
    );
    // @ts-expect-error: a pet needs a name.
    petstore.get("/pets/{petId}", ({ reply }) => reply(200, { id: 1, categoryId: 1, status: "available" }));
    // @ts-expect-error: "lost" is not a PetStatus.
    petstore.get("/pets/{petId}", ({ reply }) => reply(200, { id: 1, name: "x", categoryId: 1, status: "lost" }));
    // @ts-expect-error: an Error body's code must be one of the documented codes.
    petstore.get("/pets/{petId}", ({ reply }) => reply(404, { code: "GONE", message: "x", status: 404 }));
    petstore.delete("/pets/{petId}", ({ reply }) => reply(204));
  });

  it("accepts for an error status only the codes the operation documents for it, and that status", () => {
    petstore.get("/pets", ({ reply }) => reply(503, { code: "SERVICE_UNAVAILABLE", message: "down", status: 503 }));
    // @ts-expect-error: RATE_LIMITED is listPets' code for 429, not for 503.
    petstore.get("/pets", ({ reply }) => reply(503, { code: "RATE_LIMITED", message: "x", status: 503 }));
    // @ts-expect-error: a 503 reply's body says status 503.
    petstore.get("/pets", ({ reply }) => reply(503, { code: "SERVICE_UNAVAILABLE", message: "x", status: 500 }));
    petstore.delete("/categories/{categoryId}", ({ reply }) =>
      reply(409, { code: "CATEGORY_IN_USE", message: "category 1 is used by 1 pet (1)", status: 409 }),
    );
    // @ts-expect-error: CATEGORY_IN_USE is deleteCategory's conflict, not deletePet's.
    petstore.delete("/pets/{petId}", ({ reply }) => reply(409, { code: "CATEGORY_IN_USE", message: "x", status: 409 }));
    petstore.post("/store/orders", ({ reply }) => reply(409, { code: "PET_NOT_AVAILABLE", message: "x", status: 409 }));
    // @ts-expect-error: MISSING_FIELD is a 400 code of placeOrder, not of listPets (it takes no body).
    petstore.get("/pets", ({ reply }) => reply(400, { code: "MISSING_FIELD", message: "x", status: 400 }));
  });
});
