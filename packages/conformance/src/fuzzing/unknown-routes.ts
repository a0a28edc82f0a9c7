// Requests for a method and path that no operation of the document has.

import { operations, route } from "@petstore/contract";
import fc from "fast-check";
import type { FuzzRequest } from "./request.js";

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
  // fetch normalises dot segments; keep what the server will really see.
  .filter(([method, path]) => route(method, path) === null && !path.startsWith("//"))
  .map(([method, path, query]): FuzzRequest => {
    const url = new URL(`${path}${query}`, "http://x");
    const known = documentedMethods.some((other) => route(other, url.pathname) !== null);
    return {
      operationId: "(unknown route)",
      method,
      url: `${url.pathname}${url.search}`,
      headers: {},
      mutation: "unknown route",
      expect: { kind: "error", status: known ? 405 : 404, codes: [known ? "METHOD_NOT_ALLOWED" : "ROUTE_NOT_FOUND"] },
    };
  })
  .filter((request) => route(request.method, request.url.split("?")[0]!) === null);
