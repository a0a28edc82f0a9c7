// The SDK sends the mock's X-Petstore-Session header, for every call of a client or for one call.
import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import { describe, expect, it } from "vitest";
import { createPetstoreClient, unwrap } from "../src/index.js";

const baseUrl = "http://127.0.0.1:4010";

describe("X-Petstore-Session through the SDK", () => {
  it("isolates the records of clients whose headers name different sessions", async () => {
    const fetch = createPetstoreFetch({ baseUrl });
    const client = (session: string) =>
      createPetstoreClient({
        baseUrl,
        apiKey: DEMO_API_KEY,
        fetch,
        headers: { "X-Petstore-Session": session },
        onDeprecation: false,
      });
    const alice = client("alice");
    const bob = client("bob");
    const created = await unwrap(alice.POST("/pets", { body: { name: "Alice's pet", categoryId: 1 } }));
    const read = await unwrap(alice.GET("/pets/{petId}", { params: { path: { petId: created.id } } }));
    expect(read.name).toBe("Alice's pet");
    const missing = await bob.GET("/pets/{petId}", { params: { path: { petId: created.id } } });
    expect(missing.error?.code, "bob's session never saw alice's pet").toBe("NOT_FOUND");
    expect(fetch.sessions.list().map((session) => session.name)).toEqual(["default", "alice", "bob"]);
  });

  it("sends the header per call, typed as the document declares it", async () => {
    const fetch = createPetstoreFetch({ baseUrl });
    const client = createPetstoreClient({ baseUrl, apiKey: DEMO_API_KEY, fetch });
    const header = { "X-Petstore-Session": "per-call" };
    await unwrap(client.POST("/categories", { body: { name: "Ferrets" }, params: { header } }));
    expect(fetch.sessions.get("per-call")!.categories.size).toBe(7);
    expect(fetch.store.categories.size, "the default session is untouched").toBe(6);
    const malformed = await client.GET("/pets", { params: { header: { "X-Petstore-Session": "a/b" } } });
    expect(malformed.error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(malformed.error?.message).toContain("X-Petstore-Session");
  });
});
