// The bounds the document states twice (OWASP asks every list and header for one) must agree, as
// YAML cannot derive one number from another.

import { at, limits, operations, resolve } from "@petstore/contract";
import { describe, expect, it } from "vitest";

describe("the bounds the document repeats", () => {
  const limitMaximum = at("#/components/parameters/Limit/schema/maximum");

  it("caps every list response at the limit maximum", () => {
    const lists = operations.filter((operation) =>
      operation.parameters.some((parameter) => parameter.name === "limit"),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const operation of lists) {
      const pointer = operation.responses.get(200)!.schemaPointer!;
      const schema = resolve(at(pointer), pointer).node;
      expect({ operation: operation.operationId, type: schema.type, maxItems: schema.maxItems }).toEqual({
        operation: operation.operationId,
        type: "array",
        maxItems: limitMaximum,
      });
    }
  });

  it("caps X-Total-Count at the largest collection", () => {
    expect(at("#/components/headers/X-Total-Count/schema/maximum")).toBe(
      Math.max(limits.maxPets, limits.maxCategories, limits.maxOrders),
    );
  });
});
