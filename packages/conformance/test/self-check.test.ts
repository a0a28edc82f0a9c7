import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkExchange, type Exchange, formatViolation, parseLinkHeader } from "@petstore/contract/checker";
import { describe, expect, it } from "vitest";
import { countRequests } from "../src/stats.js";

const baseUrl = "http://127.0.0.1:4010";
const pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const getPetHeaders = { Deprecation: "@1782864000", Sunset: "Wed, 30 Jun 2027 23:59:59 GMT" };

/** A hand-built response, as the observer would report it. */
function exchange(init: Partial<Exchange> & { headers?: Record<string, string>; url?: string }): Exchange {
  const url = new URL(init.url ?? "/pets/1", baseUrl);
  const headers = new Map(Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    method: "GET",
    path: url.pathname,
    query: url.searchParams,
    baseUrl,
    status: 200,
    body: undefined,
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    ...init,
  };
}

/** The violations as text: `operation method path → status: where message [schema path]`. */
const violationsOf = (init: Parameters<typeof exchange>[0]) => checkExchange(exchange(init)).map(formatViolation);

describe("the response validator built from openapi/petstore.yaml", () => {
  it("accepts conforming responses", () => {
    expect(violationsOf({ body: pet, headers: getPetHeaders })).toEqual([]);
    expect(
      violationsOf({
        method: "POST",
        url: "/pets",
        status: 201,
        body: { ...pet, id: 21 },
        headers: { Location: `${baseUrl}/pets/21` },
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        url: "/pets?status=available&limit=1&offset=1",
        body: [{ ...pet, id: 2 }],
        headers: {
          "X-Total-Count": "3",
          Link: `<${baseUrl}/pets?status=available&limit=1&offset=2>; rel="next", <${baseUrl}/pets?status=available&limit=1&offset=0>; rel="prev"`,
        },
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        status: 401,
        body: { code: "UNAUTHORIZED", message: "no key", status: 401 },
        headers: { "WWW-Authenticate": 'Bearer realm="petstore"' },
      }),
    ).toEqual([]);
    expect(violationsOf({ method: "DELETE", url: "/pets/1", status: 204 })).toEqual([]);
    expect(
      violationsOf({ url: "/owners", status: 404, body: { code: "ROUTE_NOT_FOUND", message: "no", status: 404 } }),
    ).toEqual([]);
  });

  it("names the operation, the status and the schema path of a pet with a string id", () => {
    expect(violationsOf({ body: { ...pet, id: "1" }, headers: getPetHeaders })).toEqual([
      "getPet GET /pets/1 → 200: body/id must be integer [#/components/schemas/Id/type]",
    ]);
  });

  it("refuses an undocumented status, an unknown field and an out-of-range value", () => {
    expect(violationsOf({ status: 201, body: pet })).toEqual([
      "getPet GET /pets/1 → 201: status is not documented for getPet (documented: 200, 400, 401, 404, 429, 500, 503, 507) [#/paths/~1pets~1{petId}/get/responses]",
    ]);
    expect(violationsOf({ body: { ...pet, owner: "me", status: "lost" }, headers: getPetHeaders })).toEqual([
      "getPet GET /pets/1 → 200: body must NOT have additional properties (owner) [#/components/schemas/Pet/additionalProperties]",
      'getPet GET /pets/1 → 200: body/status must be equal to one of the allowed values (got "lost") [#/components/schemas/PetStatus/enum]',
    ]);
    expect(violationsOf({ url: "/store/inventory/1", body: { petId: 1, quantity: -1, status: "available" } })).toEqual([
      "getInventoryItem GET /store/inventory/1 → 200: body/quantity must be >= 0 [#/components/schemas/StockQuantity/minimum]",
    ]);
  });

  it("refuses an Error whose status differs from the HTTP status or whose code the operation does not list", () => {
    expect(
      violationsOf({ status: 404, body: { code: "NOT_FOUND", message: "gone", status: 400 }, headers: getPetHeaders }),
    ).toEqual([
      "getPet GET /pets/1 → 404: body/status must equal the HTTP status 404, got 400 [#/components/schemas/Error/properties/status]",
    ]);
    expect(
      violationsOf({
        status: 409,
        url: "/pets/1",
        method: "DELETE",
        body: { code: "CATEGORY_IN_USE", message: "x", status: 409 },
      }),
    ).toEqual([
      'deletePet DELETE /pets/1 → 409: body/code "CATEGORY_IN_USE" is not listed for deletePet 409 (codes: PET_HAS_OPEN_ORDERS) [#/components/responses/PetHasOpenOrders/content/application~1json/schema/allOf/1/properties/code/enum]',
    ]);
    expect(
      violationsOf({ status: 400, body: { code: "NOPE", message: "x", status: 400 }, headers: getPetHeaders }),
    ).toContain(
      'getPet GET /pets/1 → 400: body/code must be equal to one of the allowed values (got "NOPE") [#/components/schemas/ErrorCode/enum]',
    );
  });

  it("requires an unknown path to be a 404 ROUTE_NOT_FOUND and another method on a known path a 405 with Allow", () => {
    expect(
      violationsOf({ url: "/owners", status: 404, body: { code: "NOT_FOUND", message: "no", status: 404 } }),
    ).toEqual(['(unknown route) GET /owners → 404: body/code must be ROUTE_NOT_FOUND for this route, got "NOT_FOUND"']);
    expect(
      violationsOf({
        url: "/pets",
        method: "DELETE",
        status: 404,
        body: { code: "ROUTE_NOT_FOUND", message: "no", status: 404 },
      }),
    ).toEqual([
      "(unknown route) DELETE /pets → 404: status must be 405 for a method that the path does not have (it has GET, HEAD, POST) [#/components/schemas/ErrorCode]",
      "(unknown route) DELETE /pets → 404: header Allow must list the path's methods, GET, HEAD, POST, got null",
      '(unknown route) DELETE /pets → 404: body/code must be METHOD_NOT_ALLOWED for this route, got "ROUTE_NOT_FOUND"',
    ]);
    const methodNotAllowed = { code: "METHOD_NOT_ALLOWED", message: "no", status: 405 };
    expect(
      violationsOf({
        url: "/pets",
        method: "DELETE",
        status: 405,
        body: methodNotAllowed,
        headers: { Allow: "GET, HEAD, POST" },
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        url: "/pets/1",
        method: "POST",
        status: 405,
        body: methodNotAllowed,
        headers: { Allow: "DELETE, GET, HEAD, PATCH, PUT, OPTIONS" },
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        url: "/pets",
        status: 404,
        operationId: null,
        body: { code: "ROUTE_NOT_FOUND", message: "x", status: 404 },
      }),
    ).toContain(
      "listPets GET /pets → 404: route was answered as an unknown route, but the document routes it to listPets",
    );
  });

  it("refuses a body on a response the document gives no content", () => {
    const deleted = { method: "DELETE", url: "/pets/1", status: 204 } as const;
    expect(violationsOf({ ...deleted, body: pet })).toEqual([
      "deletePet DELETE /pets/1 → 204: body must be absent (the document gives this response no content) [#/paths/~1pets~1{petId}/delete/responses/204]",
    ]);
    expect(violationsOf({ ...deleted, raw: { text: "{}", contentType: "application/json" } })).toEqual([
      'deletePet DELETE /pets/1 → 204: body must be empty (the document gives this response no content), got "{}" [#/paths/~1pets~1{petId}/delete/responses/204]',
    ]);
  });

  it("checks a HEAD response as its path's GET, with no body on the wire", () => {
    expect(violationsOf({ method: "HEAD", body: pet, headers: getPetHeaders })).toEqual([]);
    const onTheWire = (text: string) =>
      violationsOf({
        method: "HEAD",
        headers: { ...getPetHeaders, "Content-Type": "application/json" },
        raw: { text, contentType: "application/json" },
      });
    expect(onTheWire("")).toEqual([]);
    expect(onTheWire('{"id":1}')).toEqual([
      'getPet HEAD /pets/1 → 200: body must be empty in a response to HEAD, got "{\\"id\\":1}"',
    ]);
    expect(violationsOf({ method: "HEAD", headers: {}, raw: { text: "", contentType: null } })).toContain(
      "getPet HEAD /pets/1 → 200: header Deprecation is documented for this response but missing [#/components/headers/Deprecation]",
    );
  });

  it("checks the documented headers: WWW-Authenticate, Retry-After, Deprecation, Sunset, Location, X-Total-Count", () => {
    expect(violationsOf({ status: 401, body: { code: "UNAUTHORIZED", message: "x", status: 401 } })).toEqual([
      "getPet GET /pets/1 → 401: header WWW-Authenticate is documented for this response but missing [#/components/headers/WWW-Authenticate]",
    ]);
    expect(
      violationsOf({
        status: 503,
        body: { code: "SERVICE_UNAVAILABLE", message: "x", status: 503 },
        headers: { "Retry-After": "soon" },
      }),
    ).toEqual([
      'getPet GET /pets/1 → 503: header Retry-After must be an integer, got "soon" [#/components/headers/Retry-After/schema]',
    ]);
    expect(violationsOf({ body: pet, headers: { Deprecation: "true", Sunset: getPetHeaders.Sunset } })).toEqual([
      'getPet GET /pets/1 → 200: header Deprecation must be equal to one of the allowed values (got "true") [#/components/headers/Deprecation/schema/enum]',
    ]);
    expect(violationsOf({ body: pet, headers: { Deprecation: getPetHeaders.Deprecation } })).toEqual([
      "getPet GET /pets/1 → 200: header Sunset is documented for this response but missing [#/components/headers/Sunset]",
    ]);
    const created = { method: "POST", url: "/categories", status: 201, body: { id: 7, name: "Owls" } };
    expect(violationsOf({ ...created, headers: { Location: "/categories/7" } })).toEqual([
      'createCategory POST /categories → 201: header Location must match format "uri" (got "/categories/7") [#/components/headers/Location/schema/format]',
      'createCategory POST /categories → 201: header Location is not an absolute URL: "/categories/7"',
    ]);
    expect(violationsOf({ ...created, headers: { Location: `${baseUrl}/categories/8` } })).toEqual([
      `createCategory POST /categories → 201: header Location is ${baseUrl}/categories/8, not the URL of the created record (${baseUrl}/categories/7)`,
    ]);
    expect(violationsOf({ url: "/categories", body: [], headers: { "X-Total-Count": "-1" } })).toEqual([
      'listCategories GET /categories → 200: header X-Total-Count must be an integer, got "-1" [#/components/headers/X-Total-Count/schema]',
    ]);
  });

  it("checks paging: page size, ascending ids, filters, and well-formed RFC 8288 Link relations", () => {
    const page = { url: "/pets?limit=1", body: [pet] };
    expect(violationsOf({ ...page, headers: { "X-Total-Count": "2" } })).toEqual([
      'listPets GET /pets → 200: header Link has no rel="next" although records 2..2 exist',
    ]);
    expect(
      violationsOf({ ...page, headers: { "X-Total-Count": "2", Link: '</pets?limit=1&offset=1>; rel="next"' } }),
    ).toEqual(['listPets GET /pets → 200: header Link rel="next" is not an absolute URL: /pets?limit=1&offset=1']);
    expect(
      violationsOf({ ...page, headers: { "X-Total-Count": "2", Link: `${baseUrl}/pets?limit=1&offset=1; rel=next` } }),
    ).toEqual([
      `listPets GET /pets → 200: header Link is not a well-formed RFC 8288 Link header: "${baseUrl}/pets?limit=1&offset=1; rel=next"`,
    ]);
    expect(
      violationsOf({
        ...page,
        headers: { "X-Total-Count": "2", Link: `<${baseUrl}/pets?limit=1&offset=2>; rel="next"` },
      }),
    ).toEqual(['listPets GET /pets → 200: header Link rel="next" has offset 2, not 1']);
    expect(violationsOf({ url: "/pets?status=sold", body: [pet], headers: { "X-Total-Count": "1" } })).toEqual([
      "listPets GET /pets → 200: body/0 does not match the filters: status available is not one of the requested sold",
    ]);
    const onePage = (url: string, body: unknown[]) => violationsOf({ url, body, headers: { "X-Total-Count": "1" } });
    expect(onePage("/pets?name=EX&id=7&id=001&categoryId=01&status=sold&status=available", [pet])).toEqual([]);
    expect(onePage("/pets?name=max", [pet])).toEqual([
      'listPets GET /pets → 200: body/0 does not match the filters: name "Rex" does not contain "max" (case-insensitively)',
    ]);
    expect(onePage("/pets?id=2&id=3", [pet])).toEqual([
      "listPets GET /pets → 200: body/0 does not match the filters: id 1 is not one of the requested 2, 3",
    ]);
    const order = { id: 1, petId: 2, quantity: 1, complete: true };
    expect(onePage("/store/orders?petId=2&complete=true", [order])).toEqual([]);
    expect(onePage("/store/orders?complete=false", [order])).toEqual([
      "listOrders GET /store/orders → 200: body/0 does not match the filters: complete true is not the requested false",
    ]);
    expect(violationsOf({ url: "/pets", body: [pet], headers: { "X-Total-Count": "5" } })).toEqual([
      "listPets GET /pets → 200: body has 1 records; with X-Total-Count 5, offset 0 and limit 20 the page has 5",
    ]);
    expect(
      violationsOf({
        url: "/store/inventory",
        body: [
          { petId: 2, quantity: 1, status: "sold" },
          { petId: 1, quantity: 1, status: "sold" },
        ],
        headers: { "X-Total-Count": "2" },
      }),
    ).toEqual([
      "listInventory GET /store/inventory → 200: body/1/petId is not in ascending order (the document lists records by ascending petId)",
    ]);
    expect(parseLinkHeader('<http://a/x?b=1>; rel="next"; title="a, b", <http://a/y>;rel=prev')).toEqual([
      { uri: "http://a/x?b=1", params: { rel: "next", title: "a, b" } },
      { uri: "http://a/y", params: { rel: "prev" } },
    ]);
    expect(parseLinkHeader("<http://a/x>; rel")).toEqual([{ uri: "http://a/x", params: { rel: "" } }]);
    expect(parseLinkHeader('http://a/x; rel="next"')).toBeNull();
    expect(parseLinkHeader('<http://a/x>, rel="next"')).toBeNull();
  });

  it("checks the content type and the body on the wire", () => {
    const wire = (text: string, contentType: string | null, init: Parameters<typeof exchange>[0] = {}) =>
      violationsOf({ ...init, headers: { ...getPetHeaders, ...init.headers }, raw: { text, contentType } });
    expect(wire(JSON.stringify(pet), "application/json; charset=utf-8")).toEqual([]);
    expect(wire(JSON.stringify(pet), "text/plain")).toEqual([
      'getPet GET /pets/1 → 200: content-type must be application/json, got "text/plain" [#/paths/~1pets~1{petId}/get/responses/200/content]',
    ]);
    expect(wire("<html>", "application/json")).toEqual([
      'getPet GET /pets/1 → 200: body is not JSON: "<html>" [#/paths/~1pets~1{petId}/get/responses/200/content]',
    ]);
    expect(wire("{}", "application/json", { method: "DELETE", status: 204 })).toEqual([
      'deletePet DELETE /pets/1 → 204: body must be empty (the document gives this response no content), got "{}" [#/paths/~1pets~1{petId}/delete/responses/204]',
    ]);
  });
});

describe("the vitest set-up file", () => {
  it("fails the test that produced a violation, naming the operation, status and schema path", () => {
    const fixture = fileURLToPath(new URL("./fixtures/broken-mock", import.meta.url));
    const vitest = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
    const run = spawnSync(process.execPath, [vitest, "run", "--root", fixture], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", CI: "1" },
      timeout: 60_000,
    });
    countRequests(4);
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toMatch(/✓ conforming responses pass the self-check/);
    expect(output).toMatch(/× a pet whose id became a string fails the self-check/);
    expect(output).toMatch(/× an override that answers a pet with a string id fails the self-check/);
    expect(output).toContain("getPet GET /pets/1 → 200: body/id must be integer [#/components/schemas/Id/type]");
    expect(output).toContain("getPet GET /pets/7 → 200: body/id must be integer [#/components/schemas/Id/type]");
    expect(output).toMatch(/Tests\s+2 failed \| 1 passed/);
  });
});
