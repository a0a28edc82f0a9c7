import { describe, expectTypeOf, it } from "vitest";
import { type ApiError, createPetstoreClient, type ErrorCode, type NewOrder, type Pet } from "../src/index.js";

// Compile-time checks, run by vitest's typecheck: each @ts-expect-error must be an error, each
// expectTypeOf must hold, or `vitest run` fails. Nothing here runs.
const client = createPetstoreClient({
  baseUrl: "http://127.0.0.1:4010",
  apiKey: "k",
  fetch: async () => Response.json([]),
});

describe("types", () => {
  it("types data and error from the document", async () => {
    const { data, error } = await client.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
    expectTypeOf(data).toEqualTypeOf<Pet | undefined>();
    expectTypeOf(error).toMatchTypeOf<ApiError | undefined>();
    if (error) {
      expectTypeOf(error.code).toEqualTypeOf<
        | "INVALID_PARAMETER"
        | "UNKNOWN_PARAMETER"
        | "UNAUTHORIZED"
        | "NOT_FOUND"
        | "RATE_LIMITED"
        | "INTERNAL_ERROR"
        | "SERVICE_UNAVAILABLE"
        // The mock's own bounds on sessions and records (mock only).
        | "MOCK_LIMIT_REACHED"
      >();
      expectTypeOf(error.code).toMatchTypeOf<ErrorCode>();
      // @ts-expect-error: "OUT_OF_STOCK" is not a documented code.
      if (error.code === "OUT_OF_STOCK") {
        return;
      }
    }
  });

  it("types the mock's X-Petstore-Session header on every operation", async () => {
    await client.GET("/pets", { params: { header: { "X-Petstore-Session": "checkout-1" } } });
    await client.DELETE("/pets/{petId}", { params: { path: { petId: 1 }, header: { "X-Petstore-Session": "a" } } });
    // @ts-expect-error: the session name is a string.
    await client.GET("/pets", { params: { header: { "X-Petstore-Session": 1 } } });
  });

  it("narrows error.code to the codes the operation documents, and to those of a status", async () => {
    const pets = await client.GET("/pets");
    if (pets.error) {
      // @ts-expect-error: listPets never answers CATEGORY_IN_USE.
      if (pets.error.code === "CATEGORY_IN_USE") {
        return;
      }
      // @ts-expect-error: listPets takes no body, so it never answers MISSING_FIELD.
      if (pets.error.code === "MISSING_FIELD") {
        return;
      }
    }
    const deleted = await client.DELETE("/categories/{categoryId}", { params: { path: { categoryId: 1 } } });
    if (deleted.error?.code === "CATEGORY_IN_USE") {
      expectTypeOf(deleted.error.status).toEqualTypeOf<409>();
    }
    if (deleted.error?.status === 409) {
      expectTypeOf(deleted.error.code).toEqualTypeOf<"CATEGORY_IN_USE">();
    }
    if (deleted.error?.status === 400) {
      expectTypeOf(deleted.error.code).toEqualTypeOf<"INVALID_PARAMETER" | "UNKNOWN_PARAMETER">();
    }
    const order = await client.POST("/store/orders", { body: { petId: 1, quantity: 1 } });
    if (order.error?.status === 409) {
      expectTypeOf(order.error.code).toEqualTypeOf<"PET_NOT_AVAILABLE" | "INSUFFICIENT_STOCK">();
      // @ts-expect-error: placeOrder's 409 is never a DUPLICATE_NAME.
      if (order.error.code === "DUPLICATE_NAME") {
        return;
      }
    }
  });

  it("rejects a wrong path, a missing path parameter, a wrong body field and a read-only field", () => {
    // @ts-expect-error: /owners is not a path of the API.
    void client.GET("/owners");
    // @ts-expect-error: the petId path parameter is missing.
    void client.GET("/pets/{petId}", { params: { path: {} } });
    // @ts-expect-error: petId must be a number.
    void client.GET("/pets/{petId}", { params: { path: { petId: "1" } } });
    // @ts-expect-error: colour is not a field of NewPet.
    void client.POST("/pets", { body: { name: "Rex", categoryId: 1, colour: "red" } });
    // @ts-expect-error: status must be a PetStatus.
    void client.PATCH("/pets/{petId}", { params: { path: { petId: 1 } }, body: { status: "lost" } });
    // @ts-expect-error: id is read-only: the API assigns it.
    void client.POST("/store/orders", { body: { petId: 1, quantity: 1, id: 7 } });
    // @ts-expect-error: quantity is required when placing an order.
    void client.POST("/store/orders", { body: { petId: 1 } });
    // @ts-expect-error: DELETE /pets is not an operation.
    void client.DELETE("/pets");
    // @ts-expect-error: stauts is not a field of PetPatch.
    void client.PATCH("/pets/{petId}", { params: { path: { petId: 1 } }, body: { name: "x", stauts: "sold" } });
    // @ts-expect-error: stauts is not a query parameter of listPets.
    void client.GET("/pets", { params: { query: { stauts: ["sold"] } } });
    // @ts-expect-error: parms is not an option.
    void client.GET("/pets", { parms: {} });
    // @ts-expect-error: quantity is a number.
    void client.PUT("/store/inventory/{petId}", { params: { path: { petId: 1 } }, body: { quantity: "1" } });
    // @ts-expect-error: deleting a pet needs its id.
    void client.DELETE("/pets/{petId}");
    void client.GET("/pets", { params: { query: { status: ["sold"], limit: 5 } }, signal: AbortSignal.timeout(1000) });
    const order: NewOrder = { petId: 1, quantity: 2 };
    void client.POST("/store/orders", { body: order });
  });
});
