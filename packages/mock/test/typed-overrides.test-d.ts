import { describe, expectTypeOf, it } from "vitest";
import { createPetstoreOverrides } from "../src/index.js";

// Compile-time checks, run by vitest's typecheck: each @ts-expect-error must be an error, each
// expectTypeOf must hold, or `vitest run` fails. Nothing here runs.
const petstore = createPetstoreOverrides({ baseUrl: "http://petstore.overrides.test" });

describe("typed overrides", () => {
  it("types the parameters, the body and the reply of each operation", () => {
    petstore.get("/pets/{petId}", ({ params, reply }) => {
      expectTypeOf(params.petId).toEqualTypeOf<number>();
      return reply(200, { id: params.petId, name: "Override", categoryId: 1, status: "sold" });
    });
    petstore.get("/pets", ({ query }) => {
      expectTypeOf(query.limit).toEqualTypeOf<number | undefined>();
      expectTypeOf(query.status).toEqualTypeOf<("available" | "pending" | "sold")[] | undefined>();
      return undefined;
    });
    petstore.post("/store/orders", async ({ body, reply }) => {
      const order = await body();
      expectTypeOf(order.quantity).toEqualTypeOf<number>();
      // The service assigns id: a client never sends it.
      expectTypeOf(order.id).toEqualTypeOf<undefined>();
      return reply(409, { code: "INSUFFICIENT_STOCK", message: `no stock for ${order.quantity}`, status: 409 });
    });
    petstore.get("/store/orders/{orderId}", ({ reply }) =>
      reply(200, { id: 1, petId: 1, quantity: 1, complete: false, shipDate: "2026-12-01T10:00:00.000Z" }),
    );
  });

  it("rejects a path, a status or a body the document does not allow", () => {
    // @ts-expect-error: /owners is not a path of the document.
    petstore.get("/owners", () => undefined);
    // @ts-expect-error: DELETE /pets is not an operation.
    petstore.delete("/pets", () => undefined);
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
