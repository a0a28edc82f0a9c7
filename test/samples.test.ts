// Each operation's sample request (@petstore/contract: sampleRequest), read from the document's
// examples: the conformance scenario's plain success steps and its `Prefer: code` steps are made of them.
import {
  document,
  operations,
  readOperations,
  route,
  sampleRequest,
  sampleRequests,
  successStatus,
} from "@petstore/contract";
import { describe, expect, it } from "vitest";

describe("sample requests", () => {
  it("has one for every operation, routed back to it, with its documented success status", () => {
    expect([...sampleRequests.keys()]).toEqual(operations.map((operation) => operation.operationId));
    for (const operation of operations) {
      const sample = sampleRequests.get(operation.operationId)!;
      const [path] = sample.url.split("?");
      expect(route(sample.method, path!)?.operation.operationId, sample.url).toBe(operation.operationId);
      expect(sample.status).toBe(successStatus(operation));
      expect(sample.body === undefined, operation.operationId).toBe(operation.body === undefined);
    }
  });

  it("reads the examples: path and query parameters (arrays exploded) and the body", () => {
    expect(sampleRequests.get("listPets")).toMatchObject({
      url: "/pets?status=available&categoryId=1&name=re&id=1&id=2&limit=20&offset=0",
      query: [
        ["status", "available"],
        ["categoryId", "1"],
        ["name", "re"],
        ["id", "1"],
        ["id", "2"],
        ["limit", "20"],
        ["offset", "0"],
      ],
    });
    expect(sampleRequests.get("updateInventoryItem")).toEqual({
      operationId: "updateInventoryItem",
      method: "PUT",
      path: { petId: "1" },
      query: [],
      url: "/store/inventory/1",
      body: document.paths["/store/inventory/{petId}"]!.put!.requestBody.content["application/json"].example,
      status: 200,
    });
  });

  it("refuses a document whose path parameter or required body has no example", () => {
    const copy = structuredClone(document);
    delete copy.components.parameters.PetId.example;
    const getPet = readOperations(copy).find((operation) => operation.operationId === "getPet")!;
    expect(() => sampleRequest(getPet)).toThrow("getPet (GET /pets/{petId}): the path parameter petId has no example");
    const bodiless = structuredClone(document);
    delete bodiless.paths["/store/inventory/{petId}"]!.put!.requestBody.content["application/json"].example;
    delete bodiless.components.schemas.InventoryUpdate!.example;
    const update = readOperations(bodiless).find((operation) => operation.operationId === "updateInventoryItem")!;
    expect(() => sampleRequest(update)).toThrow(
      "updateInventoryItem (PUT /store/inventory/{petId}): the request body has no example",
    );
  });
});
