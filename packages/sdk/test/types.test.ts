import { describe, expectTypeOf, it } from "vitest";
import { type ApiError, createPetstoreClient, type ErrorCode, type NewOrder, type Pet } from "../src/index.js";

// Compile-time checks: each @ts-expect-error must be an error, or the type check fails.
const client = createPetstoreClient({
  baseUrl: "http://127.0.0.1:4010",
  apiKey: "k",
  fetch: async () => Response.json([]),
});

describe("types", () => {
  it("types data and error from the document", async () => {
    const { data, error } = await client.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
    expectTypeOf(data).toEqualTypeOf<Pet | undefined>();
    expectTypeOf(error).toEqualTypeOf<ApiError | undefined>();
    if (error) {
      expectTypeOf(error.code).toEqualTypeOf<ErrorCode>();
      // @ts-expect-error: "OUT_OF_STOCK" is not a documented code.
      if (error.code === "OUT_OF_STOCK") {
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
