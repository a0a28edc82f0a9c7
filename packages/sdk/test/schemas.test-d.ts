import type { StandardSchemaV1 } from "@standard-schema/spec";
import { describe, expectTypeOf, it } from "vitest";
import type { components } from "../src/generated/schema.js";
import {
  type CategoryPatch,
  createPetstoreClient,
  type InventoryUpdate,
  type NewCategory,
  type NewOrder,
  type NewPet,
  type OrderPatch,
  type PetPatch,
} from "../src/index.js";
import * as schemas from "../src/schemas.js";

// Compile-time checks of @petstore/sdk/schemas: what a form library infers from each schema
// (StandardSchemaV1.InferInput / InferOutput) is the document's body type. Nothing here runs.
type Output<S extends StandardSchemaV1> = StandardSchemaV1.InferOutput<S>;
type Input<S extends StandardSchemaV1> = StandardSchemaV1.InferInput<S>;

const client = createPetstoreClient({
  baseUrl: "http://127.0.0.1:4010",
  apiKey: "k",
  fetch: async () => Response.json({}),
});

describe("form schema types", () => {
  it("are Standard Schemas whose input and output are the document's body types", () => {
    expectTypeOf(schemas.NewPet).toMatchTypeOf<StandardSchemaV1<NewPet, NewPet>>();
    expectTypeOf<Output<typeof schemas.NewPet>>().toEqualTypeOf<components["schemas"]["NewPet"]>();
    expectTypeOf<Input<typeof schemas.NewPet>>().toEqualTypeOf<components["schemas"]["NewPet"]>();
    expectTypeOf<Output<typeof schemas.PetPatch>>().toEqualTypeOf<PetPatch>();
    expectTypeOf<Output<typeof schemas.NewCategory>>().toEqualTypeOf<NewCategory>();
    expectTypeOf<Output<typeof schemas.CategoryPatch>>().toEqualTypeOf<CategoryPatch>();
    expectTypeOf<Output<typeof schemas.OrderPatch>>().toEqualTypeOf<OrderPatch>();
    expectTypeOf<Output<typeof schemas.InventoryUpdate>>().toEqualTypeOf<InventoryUpdate>();
    expectTypeOf<Input<typeof schemas.InventoryUpdate>>().toEqualTypeOf<InventoryUpdate>();
    expectTypeOf(schemas.requestBodySchemas.updateInventoryItem).toEqualTypeOf(schemas.InventoryUpdate);
  });

  it("types the placeOrder body (the SDK's NewOrder) without the read-only fields", () => {
    type PlacedBody = Output<typeof schemas.placeOrderBody>;
    expectTypeOf<PlacedBody>().toMatchTypeOf<NewOrder>();
    expectTypeOf<NewOrder>().toMatchTypeOf<PlacedBody>();
    expectTypeOf<PlacedBody["petId"]>().toEqualTypeOf<number>();
    expectTypeOf<PlacedBody["quantity"]>().toEqualTypeOf<number>();
    expectTypeOf<PlacedBody["shipDate"]>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error: `id` is read-only, assigned by the service.
    const withId: PlacedBody = { petId: 1, quantity: 1, id: 3 };
    // @ts-expect-error: `quantity` is required.
    const withoutQuantity: PlacedBody = { petId: 1 };
    void [withId, withoutQuantity];
  });

  it("gives a validated value that the client takes as the body", async () => {
    const result = await schemas.NewPet["~standard"].validate({ name: "Rex", categoryId: 1 });
    if (!result.issues) {
      await client.POST("/pets", { body: result.value });
    }
    const order = await schemas.placeOrderBody["~standard"].validate({ petId: 1, quantity: 1 });
    if (!order.issues) {
      await client.POST("/store/orders", { body: order.value });
    }
    const patch = await schemas.requestBodySchemas.updatePet["~standard"].validate({ status: "sold" });
    if (!patch.issues) {
      await client.PATCH("/pets/{petId}", { params: { path: { petId: 1 } }, body: patch.value });
      // @ts-expect-error: a pet patch is no new pet: its name and categoryId may be missing.
      await client.POST("/pets", { body: patch.value });
    }
  });
});
