// The one evaluator of `x-affects` runtime expressions (packages/contract/src/runtime/affects-expression.js),
// which @petstore/query (its generated copy), the conformance suite and the Spectral rule all use.
import {
  compactExpression,
  evaluateCompact,
  evaluateExpression,
  operations,
  parseExpression,
} from "@petstore/contract";
import { describe, expect, it } from "vitest";

describe("x-affects runtime expressions", () => {
  it("parses the three forms, unescaping the pointer's ~1 and ~0", () => {
    expect(parseExpression("$request.path.petId")).toEqual({ from: "path", name: "petId" });
    expect(parseExpression("$request.body#/petId")).toEqual({
      from: "request",
      pointer: "/petId",
      segments: ["petId"],
    });
    expect(parseExpression("$response.body#/a~1b/~0c/0")).toEqual({
      from: "response",
      pointer: "/a~1b/~0c/0",
      segments: ["a/b", "~c", "0"],
    });
  });

  it.each([
    "$request.query.petId",
    "$request.path.",
    "$response.path.petId",
    "$request.body#petId",
    "$request.body#/a~2",
    "$response.body#/a~",
    "petId",
  ])("rejects %s", (expression) => {
    expect(parseExpression(expression)).toBeUndefined();
    expect(evaluateExpression(expression, { path: { petId: 1 }, requestBody: { petId: 2 } })).toBeUndefined();
  });

  it("evaluates each form on a call, and names nothing where the call has nothing", () => {
    const call = { path: { petId: "7" }, requestBody: { petId: 2, tags: ["a", "b"] }, responseBody: { id: 21 } };
    expect(evaluateExpression("$request.path.petId", call)).toBe("7");
    expect(evaluateExpression("$request.body#/petId", call)).toBe(2);
    expect(evaluateExpression("$request.body#/tags/1", call)).toBe("b");
    expect(evaluateExpression("$response.body#/id", call)).toBe(21);
    expect(evaluateExpression("$request.path.orderId", call)).toBeUndefined();
    expect(evaluateExpression("$response.body#/id/deeper", call)).toBeUndefined();
    expect(evaluateExpression("$response.body#/id", {})).toBeUndefined();
  });

  it("understands every expression of the document", () => {
    const expressions = operations.flatMap((operation) =>
      operation.affects.flatMap((entry) => Object.values(entry.parameters)),
    );
    expect(expressions.length).toBeGreaterThan(10);
    expect(expressions.filter((expression) => !parseExpression(expression))).toEqual([]);
  });

  it("writes each expression compactly for @petstore/query's table, with the same value on a call", () => {
    const call = {
      path: { petId: 7, orderId: 3 },
      requestBody: { petId: 2, tags: ["a", "b"] },
      responseBody: { id: 21 },
    };
    const sources = [call.path, call.requestBody, call.responseBody] as const;
    const expressions = [
      ...operations.flatMap((operation) => operation.affects.flatMap((entry) => Object.values(entry.parameters))),
      "$request.body#/tags/1",
      "$response.body#/id/deeper",
      "$request.path.categoryId",
    ];
    for (const expression of expressions) {
      const compact = compactExpression(parseExpression(expression)!);
      expect(evaluateCompact(compact, sources), `${expression} → ${compact}`).toEqual(
        evaluateExpression(expression, call),
      );
    }
    expect(compactExpression(parseExpression("$request.path.petId")!)).toBe("=petId");
    expect(compactExpression(parseExpression("$response.body#/a/0")!)).toBe(">a/0");
    // What the compact form cannot hold is refused when the table is generated, not misread at run time.
    expect(() => compactExpression(parseExpression("$response.body#/a~1b")!)).toThrow(/"a\/b"/);
  });
});
