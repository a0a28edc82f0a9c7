import { watchMswServer } from "@petstore/contract/self-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreOverrides } from "../../src/index.js";
import { setupPetstoreServer } from "../../src/node.js";
import { withSelfCheck } from "./support.js";

// A typed override's `reply(503, body)` answered without the `Retry-After` header that the
// document gives every 429 and 503 response, and that the mock itself sends for `Prefer: code=503`;
// likewise `reply(401, body)` without `WWW-Authenticate`.
const baseUrl = "http://petstore.override-errors.test";
const petstore = createPetstoreOverrides({ baseUrl });
const server = setupPetstoreServer({ baseUrl });
const headers = { Authorization: "Bearer petstore-demo-key" };

beforeAll(() => {
  watchMswServer(server, baseUrl);
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => server.reset());
afterAll(() => server.close());

async function simulated(status: 429 | 503): Promise<Response> {
  return fetch(`${baseUrl}/pets`, { headers: { ...headers, Prefer: `code=${status}` } });
}

describe("a typed override's error reply", () => {
  it("carries the Retry-After of a 503, as Prefer: code=503 does", () =>
    withSelfCheck(async () => {
      const expected = (await simulated(503)).headers.get("Retry-After");
      server.use(
        petstore.get("/pets", ({ reply }) =>
          reply(503, { code: "SERVICE_UNAVAILABLE", message: "down for maintenance", status: 503 }),
        ),
      );
      const response = await fetch(`${baseUrl}/pets`, { headers });
      expect(response.status).toBe(503);
      expect(expected).not.toBeNull();
      expect(response.headers.get("Retry-After")).toBe(expected);
    }));

  it("carries the Retry-After of a 429, as Prefer: code=429 does", () =>
    withSelfCheck(async () => {
      const expected = (await simulated(429)).headers.get("Retry-After");
      server.use(
        petstore.get("/pets", ({ reply }) => reply(429, { code: "RATE_LIMITED", message: "slow down", status: 429 })),
      );
      const response = await fetch(`${baseUrl}/pets`, { headers });
      expect(response.status).toBe(429);
      expect(expected).not.toBeNull();
      expect(response.headers.get("Retry-After")).toBe(expected);
    }));

  it("keeps a Retry-After that the test sets", async () => {
    server.use(
      petstore.get("/pets", ({ reply }) =>
        reply(503, { code: "SERVICE_UNAVAILABLE", message: "down", status: 503 }, { headers: { "Retry-After": "30" } }),
      ),
    );
    const response = await fetch(`${baseUrl}/pets`, { headers });
    expect(response.headers.get("Retry-After")).toBe("30");
  });

  it("carries the WWW-Authenticate of a 401", () =>
    withSelfCheck(async () => {
      server.use(
        petstore.get("/pets", ({ reply }) => reply(401, { code: "UNAUTHORIZED", message: "key revoked", status: 401 })),
      );
      const response = await fetch(`${baseUrl}/pets`, { headers });
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="petstore"');
    }));
});
