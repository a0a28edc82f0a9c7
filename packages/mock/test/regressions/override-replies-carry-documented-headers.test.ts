import { watchMswServer } from "@petstore/contract/self-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreOverrides } from "../../src/index.js";
import { setupPetstoreServer } from "../../src/node.js";
import { withSelfCheck } from "./support.js";

// Found by the conformance self-check watching an msw server (watchMswServer). A typed override's
// `reply(status, body)` answers with a documented status and body, but not with the headers the
// document requires for that response: getPet's Deprecation and Sunset ("every response carries"
// them; their values are fixed by the document, so reply could add them), and the Location of a
// 201 (reply could derive it from the request URL and body.id, or ReplyInit could require it).
const baseUrl = "http://petstore.override-headers.test";
const petstore = createPetstoreOverrides({ baseUrl });
const server = setupPetstoreServer({ baseUrl });
const headers = { Authorization: "Bearer petstore-demo-key", "Content-Type": "application/json" };
const pet = { id: 42, name: "Override", categoryId: 1, status: "available" as const };

beforeAll(() => {
  watchMswServer(server, baseUrl);
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe("a typed override's reply", () => {
  it("carries getPet's Deprecation and Sunset headers", () =>
    withSelfCheck(async () => {
      server.use(petstore.get("/pets/{petId}", ({ reply }) => reply(200, pet)));
      const response = await fetch(`${baseUrl}/pets/42`, { headers });
      expect(response.headers.get("Deprecation")).toBe("@1782864000");
      expect(response.headers.get("Sunset")).toBe("Wed, 30 Jun 2027 23:59:59 GMT");
    }));

  it("carries the Location of a created record", () =>
    withSelfCheck(async () => {
      server.use(petstore.post("/pets", ({ reply }) => reply(201, pet)));
      const response = await fetch(`${baseUrl}/pets`, {
        method: "POST",
        headers,
        body: '{"name":"Override","categoryId":1}',
      });
      expect(response.headers.get("Location")).toBe(`${baseUrl}/pets/42`);
    }));
});
