// @petstore/sdk/tags: a read's tags, and the tags a successful write makes stale, from the document's
// x-affects (the generated table). That a cache driven by them never serves a stale read is checked against
// the mock by the conformance suite (test/sdk-tags.test.ts), as x-affects itself is.
import { operations } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { affectedTags, PETSTORE_TAG_PREFIX, readTags } from "../src/tags.js";
import { clientOverMock } from "./support.js";

describe("readTags", () => {
  it("tags a list with its operation, and a read of one record with its operation and the record", () => {
    expect(readTags("listPets")).toEqual(["petstore:listPets"]);
    expect(readTags("listPets", { params: { query: { status: ["sold"], limit: 5 } } })).toEqual(["petstore:listPets"]);
    expect(readTags("getPet", { params: { path: { petId: 7 } } })).toEqual([
      "petstore:getPet",
      "petstore:getPet:petId=7",
    ]);
    expect(readTags("getInventoryItem", { params: { path: { petId: 7 } } })).toEqual([
      "petstore:getInventoryItem",
      "petstore:getInventoryItem:petId=7",
    ]);
  });

  it("refuses, at run time too, an operation that is not a read and a missing path parameter", () => {
    expect(() => (readTags as (id: string) => unknown)("placeOrder")).toThrow(
      "placeOrder is not a read operation of the Petstore API",
    );
    expect(() => readTags("getPet", { params: {} } as never)).toThrow("getPet: path parameter petId is missing");
  });
});

describe("affectedTags", () => {
  it("narrows placeOrder's entries to the ordered pet and the new order, as x-affects says", async () => {
    const { client } = clientOverMock();
    const body = { petId: 3, quantity: 1 };
    const { data } = await client.POST("/store/orders", { body });
    expect(affectedTags("placeOrder", { body }, data)).toEqual([
      "petstore:listOrders",
      `petstore:getOrder:orderId=${data!.id}`,
      "petstore:listInventory",
      "petstore:getInventoryItem:petId=3",
      "petstore:listPets",
      "petstore:getPet:petId=3",
    ]);
  });

  it("falls back to the operation's tag where the call lacks what an entry names", () => {
    // Without the response, the new order's id is unknown: every getOrder is stale.
    expect(affectedTags("placeOrder", { body: { petId: 3, quantity: 1 } })).toContain("petstore:getOrder");
    expect(affectedTags("cancelOrder", { params: { path: { orderId: 4 } } })).toEqual([
      "petstore:listOrders",
      "petstore:getOrder:orderId=4",
      "petstore:listInventory",
      "petstore:getInventoryItem",
      "petstore:listPets",
      "petstore:getPet",
    ]);
  });

  it("gives, for every write, one tag per x-affects entry of the document, each a tag some read carries", () => {
    const writes = operations.filter((operation) => operation.method !== "GET");
    expect(writes.length).toBeGreaterThan(10);
    for (const write of writes) {
      const tags = affectedTags(write.operationId as never, {} as never);
      expect(tags, write.operationId).toEqual([
        ...new Set(write.affects.map((entry) => `${PETSTORE_TAG_PREFIX}${entry.operationId}`)),
      ]);
    }
  });

  it("refuses an operation that is not a write", () => {
    expect(() => affectedTags("getPet" as never, {} as never)).toThrow("getPet is not a write operation");
  });
});
