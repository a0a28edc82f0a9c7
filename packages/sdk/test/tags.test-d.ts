import { describe, expectTypeOf, it } from "vitest";
import type { Order, Pet } from "../src/index.js";
import { affectedTags, type PetstoreTag, readTags, type WriteData } from "../src/tags.js";

// Compile-time checks of @petstore/sdk/tags: operations, parameters and bodies come from the document, so a
// tag for an operation or a parameter it does not have does not compile. Nothing here runs.
describe("tag helper types", () => {
  it("takes the document's reads, with their path parameters", () => {
    expectTypeOf(readTags("listPets")).toEqualTypeOf<PetstoreTag[]>();
    readTags("getPet", { params: { path: { petId: 1 } } });
    readTags("listPets", { params: { query: { limit: 5 } } });
    // @ts-expect-error an operation the document does not have
    readTags("listOwners");
    // @ts-expect-error a write is not a read
    readTags("placeOrder");
    // @ts-expect-error a record's read needs its path parameter
    readTags("getPet");
    // @ts-expect-error a path parameter the read does not have
    readTags("getPet", { params: { path: { petID: 1 } } });
    // @ts-expect-error a query parameter the read does not have
    readTags("listPets", { params: { query: { owner: "me" } } });
  });

  it("takes the document's writes, with their parameters, bodies and success data", () => {
    expectTypeOf<WriteData<"placeOrder">>().toEqualTypeOf<Order>();
    expectTypeOf<WriteData<"createPet">>().toEqualTypeOf<Pet>();
    expectTypeOf<WriteData<"cancelOrder">>().toEqualTypeOf<never>();
    affectedTags("placeOrder", { body: { petId: 1, quantity: 1 } });
    affectedTags("cancelOrder", { params: { path: { orderId: 2 } } });
    // @ts-expect-error an operation the document does not have
    affectedTags("adoptPet", {});
    // @ts-expect-error a read is not a write
    affectedTags("listPets", {});
    // @ts-expect-error a path parameter the write does not have
    affectedTags("cancelOrder", { params: { path: { petId: 2 } } });
    // @ts-expect-error a body field the write does not take
    affectedTags("placeOrder", { body: { petId: 1, quantity: 1, owner: "me" } });
    // @ts-expect-error data that is not the operation's (an order's id is a number)
    affectedTags("placeOrder", { body: { petId: 1, quantity: 1 } }, { id: "7" });
  });
});
