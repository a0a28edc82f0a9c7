// Outcomes chosen for operations (what the inspector's Operations tab sets): only what the document lists, the next
// call or every call, a delay for every answer, and a log of what each adapter answered.
import { describe, expect, it } from "vitest";
import { type InspectedExchange, operations } from "../src/index.js";
import { describeEachAdapter, expectError } from "./support/adapters.js";

describeEachAdapter("outcomes chosen for operations", (adapter) => {
  it("answers the next call of the operation with the chosen status and code, then runs it again", async () => {
    adapter().app.scenarios.choose("deleteCategory", { status: 409, code: "CATEGORY_IN_USE" });
    // Category 6 has no pets: only the chosen outcome makes this a 409.
    await expectError(
      await adapter().request("/categories/6", { method: "DELETE" }),
      409,
      "CATEGORY_IN_USE",
      /inspector/,
    );
    expect(adapter().store.categories.get(6)).toBeDefined();
    expect(adapter().app.scenarios.list()).toEqual([]);
    expect((await adapter().request("/categories/6", { method: "DELETE" })).status).toBe(204);
  });

  it("answers every call until cleared, with the document's headers for the status", async () => {
    adapter().app.scenarios.choose("listPets", { status: 503, times: "always" });
    for (let call = 0; call < 2; call++) {
      const response = await adapter().request("/pets");
      await expectError(response, 503, "SERVICE_UNAVAILABLE");
      expect(response.headers.get("retry-after")).toBe("1");
    }
    adapter().app.scenarios.clear("listPets");
    expect((await adapter().request("/pets")).status).toBe(200);
  });

  it("leaves a request without a valid key to its 401, and a request's own Prefer wins", async () => {
    adapter().app.scenarios.choose("listPets", { status: 500, times: "always" });
    await expectError(await adapter().request("/pets", { key: null }), 401, "UNAUTHORIZED");
    await expectError(
      await adapter().request("/pets", { headers: { Prefer: "code=503" } }),
      503,
      "SERVICE_UNAVAILABLE",
    );
    await expectError(await adapter().request("/pets"), 500, "INTERNAL_ERROR");
  });

  it("logs each answer with its session, target, request body and response", async () => {
    const seen: InspectedExchange[] = [];
    const stop = adapter().app.observe((exchange) => seen.push(exchange));
    try {
      const created = await adapter().request("/categories", {
        method: "POST",
        json: { name: "Hamsters" },
        headers: { "X-Petstore-Session": "log-1" },
      });
      expect(created.status).toBe(201);
      await adapter().request("/pets?limit=2");
    } finally {
      stop();
    }
    await adapter().request("/pets");
    expect(
      seen.map(({ method, target, session, operationId, response }) => [
        method,
        target,
        session,
        operationId,
        response.status,
      ]),
    ).toEqual([
      ["POST", "/categories", "log-1", "createCategory", 201],
      ["GET", "/pets?limit=2", "default", "listPets", 200],
    ]);
    expect(seen[0]!.requestBody).toEqual({ name: "Hamsters" });
    expect((seen[0]!.response.body as { name: string }).name).toBe("Hamsters");
  });

  it("delays every answer by the chosen latency", async () => {
    adapter().app.scenarios.delayMs = 120;
    const started = Date.now();
    expect((await adapter().request("/pets/1")).status).toBe(200);
    // A lower bound only: the delay is a floor, never a timing assertion on speed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});

describe("choosing an outcome the document does not list", () => {
  it("is refused, naming what the operation documents", async () => {
    const { createPetstoreApp } = await import("../src/index.js");
    const { scenarios } = createPetstoreApp();
    expect(() => scenarios.choose("deleteCategory", { status: 418 })).toThrow(
      /deleteCategory does not document status 418; it documents 400, 401, 404, 409/,
    );
    expect(() => scenarios.choose("deleteCategory", { status: 409, code: "INSUFFICIENT_STOCK" })).toThrow(
      /answers 409 with CATEGORY_IN_USE, not "INSUFFICIENT_STOCK"/,
    );
    expect(() => scenarios.choose("getPets" as "getPet", { status: 404 })).toThrow(
      /is not an operation of the document/,
    );
    expect(() => {
      scenarios.delayMs = 60_001;
    }).toThrow(/from 0 to 60000/);
    expect(scenarios.list()).toEqual([]);
  });

  it("every documented status and code of every operation can be chosen", async () => {
    const { createPetstoreApp } = await import("../src/index.js");
    const { scenarios } = createPetstoreApp();
    for (const operation of operations) {
      for (const [status, codes] of Object.entries(operation.errorCodes as Record<string, readonly string[]>)) {
        for (const code of codes) {
          expect(scenarios.choose(operation.operationId, { status: Number(status), code: code as never }).code).toBe(
            code,
          );
        }
      }
    }
  });
});
