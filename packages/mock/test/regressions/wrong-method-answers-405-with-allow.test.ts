import { expect, it } from "vitest";
import { describeEachAdapter, expectError } from "../support/adapters.js";

// A known path with a method it does not have used to answer 404 ROUTE_NOT_FOUND, with no Allow.
describeEachAdapter("a known path with another method", (adapter) => {
  // The servers (node:http, the Fetch handler) answer OPTIONS (CORS preflight) on every path, so they list it too.
  const servers: string[] = ["node:http server", "Fetch handler (createPetstoreFetchHandler)"];
  const options = () => (servers.includes(adapter().name) ? ", OPTIONS" : "");

  it("answers 405 METHOD_NOT_ALLOWED with an Allow header that lists the path's methods", async () => {
    const collection = await adapter().request("/pets", { method: "DELETE" });
    expect(collection.headers.get("allow")).toBe(`GET, HEAD, POST${options()}`);
    await expectError(
      collection,
      405,
      "METHOD_NOT_ALLOWED",
      "/pets does not accept DELETE; it accepts GET, HEAD, POST",
    );

    const record = await adapter().request("/store/inventory/1", { method: "POST", json: {} });
    expect(record.headers.get("allow")).toBe(`GET, HEAD, PUT${options()}`);
    await expectError(record, 405, "METHOD_NOT_ALLOWED", /it accepts GET, HEAD, PUT/);
  });

  it("answers 405 before asking for a key, as a 404 for an unknown path does", async () => {
    await expectError(await adapter().request("/pets/1", { method: "POST", key: null }), 405, "METHOD_NOT_ALLOWED");
    await expectError(await adapter().request("/owners", { method: "POST", key: null }), 404, "ROUTE_NOT_FOUND");
  });
});
