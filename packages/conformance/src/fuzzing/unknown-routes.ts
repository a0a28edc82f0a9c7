// Requests for a method and path that no operation of the document has.

import { operations, route } from "@petstore/contract";
import fc from "fast-check";
import type { Expectation, FuzzRequest } from "./request.js";

/** The methods the document's operations use. */
const documentedMethods = [...new Set(operations.map((operation) => operation.method))];

/**
 * Requests for a method and path that no operation has: a 405 METHOD_NOT_ALLOWED when another
 * method has the path, a 404 ROUTE_NOT_FOUND otherwise.
 */
export const unknownRouteRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(...documentedMethods),
    fc.oneof(
      fc.constantFrom(
        "/",
        "/owners",
        "/PETS",
        "/pets/",
        "/pets/1/",
        "/pets//1",
        "/pets/1/photos",
        "/store",
        "/store/orders/1/items",
        "/store/inventory/1/2",
        "/categories/1/pets",
        "/pets/1;x",
        "/%2e%2e/pets",
        "/pets/../pets",
      ),
      fc.array(fc.webSegment(), { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join("/")}`),
    ),
    fc.option(fc.constantFrom("?limit=1", "?__proto__=1"), { nil: "" }),
  )
  .filter(([method, path]) => route(method, path) === null)
  .map(([method, path, query]) => ({
    operationId: "(unknown route)",
    method,
    url: `${path}${query}`,
    headers: {},
    mutation: "unknown route",
  }))
  // fetch normalises dot segments; keep what the server will really see.
  .filter((request) => !request.url.startsWith("//"))
  .map((request) => {
    const url = new URL(request.url, "http://x");
    const knownPath = documentedMethods.some((method) => route(method, url.pathname) !== null);
    const expect: Expectation = knownPath
      ? { kind: "error", status: 405, codes: ["METHOD_NOT_ALLOWED"] }
      : { kind: "error", status: 404, codes: ["ROUTE_NOT_FOUND"] };
    return { ...request, url: `${url.pathname}${url.search}`, expect };
  })
  .filter((request) => route(request.method, request.url.split("?")[0]!) === null);
