import { closedPort } from "@petstore/testing/ports";
import { describe, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError } from "../../src/index.js";

// A NETWORK_ERROR said only `GET /pets: fetch failed`: no host, and the reason (`ECONNREFUSED`) two
// levels down, in `cause.cause`. Its message now names the origin tried and the cause's code, and
// the original error stays its `cause`.

describe("a NETWORK_ERROR", () => {
  it("names the origin and ECONNREFUSED when nothing listens, keeping the original error as its cause", async () => {
    const origin = `http://127.0.0.1:${await closedPort()}`;
    const client = createPetstoreClient({ baseUrl: origin, apiKey: "key" });
    const failure = await client.GET("/pets", { params: { query: { limit: 100 } } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "NETWORK_ERROR", status: 0, method: "GET", path: "/pets?limit=100" });
    const { message, cause } = failure as PetstoreError;
    expect(message).toContain(origin);
    expect(message).toContain(`ECONNREFUSED 127.0.0.1:${origin.split(":").pop()}`);
    expect(cause).toBeInstanceOf(TypeError);
    expect((cause as Error).message).toBe("fetch failed");
    expect((cause as Error & { cause: { code: string } }).cause.code).toBe("ECONNREFUSED");
  });

  it("names the origin and ENOTFOUND when the host does not resolve", async () => {
    const client = createPetstoreClient({ baseUrl: "http://petstore.invalid", apiKey: "key" });
    const failure = (await client.GET("/pets").catch((error: unknown) => error)) as PetstoreError;
    expect(failure.code).toBe("NETWORK_ERROR");
    // Without DNS at all (a sandbox), the lookup fails with EAI_AGAIN instead.
    expect(failure.message).toMatch(
      /^GET \/pets: fetch failed \(http:\/\/petstore\.invalid: getaddrinfo (ENOTFOUND|EAI_AGAIN) petstore\.invalid\)$/,
    );
  });

  it("says what can cause a failure that gives no reason, as a browser's fetch does", async () => {
    const client = createPetstoreClient({
      baseUrl: "https://api.example.com",
      apiKey: "key",
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    await expect(client.GET("/pets")).rejects.toThrow(
      "GET /pets: Failed to fetch (the server at https://api.example.com is unreachable or refused CORS)",
    );
  });
});
