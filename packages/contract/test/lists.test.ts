// What the contract reads about list operations: the field records are listed by, and each filter's `x-filter`.
import { describe, expect, it } from "vitest";
import type { Document } from "../src/document.js";
import { readList } from "../src/lists.js";
import { operation, readOperations } from "../src/operations.js";

/** A document with one list of `records` (their schema `record`) under /things, and a read of one thing. */
function listDocument(record: object, parameters: object[] = []): Document {
  const page = {
    description: "A page.",
    headers: { "X-Total-Count": { schema: { type: "integer" } } },
    content: { "application/json": { schema: { type: "array", items: record } } },
  };
  // No x-limits: nothing that reads a list needs them.
  return {
    openapi: "3.0.3",
    info: { title: "things", version: "1.0.0" },
    paths: {
      "/things": { get: { operationId: "listThings", parameters, responses: { 200: page } } },
      "/things/{thingId}": {
        get: {
          operationId: "getThing",
          parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "integer" } }],
          responses: { 200: { description: "One.", content: { "application/json": { schema: record } } } },
        },
      },
    },
  } as unknown as Document;
}

const listOf = (doc: Document, operationId = "listThings") => {
  const operations = readOperations(doc);
  return readList(operations.find((op) => op.operationId === operationId)!, operations, doc);
};

describe("the document's lists", () => {
  it("lists by id, inventory by the path parameter of its read of one record, and reads every x-filter", () => {
    expect(readList(operation("listPets"))).toEqual({
      key: "id",
      filters: [
        { parameter: "status", match: "equals", repeats: true },
        { parameter: "categoryId", match: "equals", repeats: false },
        { parameter: "name", match: "contains-case-insensitive", repeats: false },
        { parameter: "id", match: "equals", repeats: true },
      ],
    });
    expect(readList(operation("listInventory"))?.key).toBe("petId");
    expect(readList(operation("listOrders"))?.filters.map((filter) => filter.parameter)).toEqual(["petId", "complete"]);
    expect(readList(operation("getPet"))).toBeUndefined();
  });

  it("finds the key of records without an id in the read of one record, and says when there is none", () => {
    const thing = { type: "object", properties: { thingId: { type: "integer" }, size: { type: "integer" } } };
    expect(listOf(listDocument(thing))?.key).toBe("thingId");
    const keyless = { type: "object", properties: { size: { type: "integer" } } };
    expect(() => listOf(listDocument(keyless))).toThrow(
      "listThings: its records have no id, and no read of one record (GET /things/{field}) names the field they are listed by",
    );
  });

  it("refuses an x-filter it does not know, or one on a field the records lack", () => {
    const thing = { type: "object", properties: { id: { type: "integer" }, size: { type: "integer" } } };
    const filter = (name: string, how: string) => ({ name, in: "query", "x-filter": how, schema: { type: "integer" } });
    expect(listOf(listDocument(thing, [filter("size", "equals")]))?.filters).toEqual([
      { parameter: "size", match: "equals", repeats: false },
    ]);
    expect(() => listOf(listDocument(thing, [filter("size", "above")]))).toThrow(
      "listThings: x-filter of size is above, not one of equals, contains-case-insensitive",
    );
    expect(() => listOf(listDocument(thing, [filter("colour", "equals")]))).toThrow(
      "listThings: colour has an x-filter, but the listed records have no such field",
    );
  });
});
