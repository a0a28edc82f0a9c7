import { expect, it } from "vitest";
import { describeEachAdapter, expectError } from "../support/adapters.js";

// HEAD used to be an unknown route (404 ROUTE_NOT_FOUND) on every path.
describeEachAdapter("HEAD on a GET route", (adapter) => {
  const HEADERS = ["content-type", "content-length", "x-total-count", "link", "deprecation", "sunset"];
  const headersOf = (response: Response) => HEADERS.map((name) => [name, response.headers.get(name)]);

  it("answers the GET's status and headers with no body", async () => {
    for (const path of ["/pets?limit=2&offset=2", "/pets/1", "/categories", "/store/orders/1", "/store/inventory/1"]) {
      const get = await adapter().request(path);
      const head = await adapter().request(path, { method: "HEAD" });
      expect({ path, status: head.status, headers: headersOf(head) }).toEqual({
        path,
        status: get.status,
        headers: headersOf(get),
      });
      expect(await head.text()).toBe("");
    }
  });

  it("runs the GET's checks: a HEAD without a key gets 401, one for a missing record 404", async () => {
    const unauthorized = await adapter().request("/pets", { method: "HEAD", key: null });
    expect([unauthorized.status, unauthorized.headers.get("www-authenticate")]).toEqual([
      401,
      'Bearer realm="petstore"',
    ]);
    expect(await unauthorized.text()).toBe("");
    const missing = await adapter().request("/pets/999", { method: "HEAD" });
    expect([missing.status, await missing.text()]).toEqual([404, ""]);
  });

  it("changes nothing and leaves other methods as they were", async () => {
    await adapter().request("/pets", { method: "HEAD" });
    await expectError(await adapter().request("/pets/999"), 404, "NOT_FOUND", "pet 999 does not exist");
  });
});
