import { describe, expect, it } from "vitest";
import { createPetstoreApp, createPetstoreFetchHandler, DEMO_API_KEY, type MockResponse } from "../src/index.js";

// The servers answer a safe read again from what the same read answered while its store is unchanged
// (src/core/kept-answers.ts): every write since, by any way, must show in the next answer.
const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };
const base = "http://127.0.0.1:4010";

function server() {
  const app = createPetstoreApp();
  const handle = createPetstoreFetchHandler({ app });
  const read = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await handle(new Request(`${base}${path}`, { method, headers: { ...auth, ...headers } }));
    return { response, body: method === "HEAD" ? undefined : await response.json() };
  };
  return { app, handle, read };
}

describe("kept answers of safe reads", () => {
  it("show every write since: over the API, to the store in code, and a reset", async () => {
    const { app, handle, read } = server();
    await app.ready;
    const before = (await read("/pets/1")).body;
    expect((await read("/pets/1")).body).toEqual(before);
    const pet = app.store.pets.get(1)!;
    app.store.pets.update(pet, { name: "Renamed in code" });
    expect((await read("/pets/1")).body.name).toBe("Renamed in code");
    const total = Number((await read("/pets")).response.headers.get("x-total-count"));
    const created = await handle(
      new Request(`${base}/pets`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Kept", categoryId: 1 }),
      }),
    );
    expect(created.status).toBe(201);
    expect(Number((await read("/pets")).response.headers.get("x-total-count"))).toBe(total + 1);
    await app.store.reset();
    expect((await read("/pets/1")).body).toEqual(before);
    expect(Number((await read("/pets")).response.headers.get("x-total-count"))).toBe(total);
  });

  it("are each session's own, and link to each request's origin", async () => {
    const { handle, read } = server();
    const session = { "X-Petstore-Session": "kept-answers" };
    const total = Number((await read("/pets")).response.headers.get("x-total-count"));
    const created = await handle(
      new Request(`${base}/pets`, {
        method: "POST",
        headers: { ...auth, ...session, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Only in the session", categoryId: 1 }),
      }),
    );
    expect(created.status).toBe(201);
    expect(Number((await read("/pets", session)).response.headers.get("x-total-count"))).toBe(total + 1);
    expect(Number((await read("/pets")).response.headers.get("x-total-count"))).toBe(total);
    const link = (await read("/pets?limit=1")).response.headers.get("link");
    const elsewhere = await handle(new Request("http://localhost:8787/pets?limit=1", { headers: auth }));
    expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:4010\/pets\?/);
    expect(elsewhere.headers.get("link")).toMatch(/^<http:\/\/localhost:8787\/pets\?/);
  });

  it("wait for a change queued before them, and state the length of their body to HEAD", async () => {
    const { app, read } = server();
    await app.ready;
    await read("/pets/2");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const change = app.store.exclusive(async () => {
      await gate;
      app.store.pets.update(app.store.pets.get(2)!, { name: "Changed while queued" });
    });
    const queued = read("/pets/2");
    release();
    await change;
    const { response, body } = await queued;
    expect(body.name).toBe("Changed while queued");
    const head = await read("/pets/2", {}, "HEAD");
    expect(head.response.headers.get("content-length")).toBe(response.headers.get("content-length"));
    expect(Number(head.response.headers.get("content-length"))).toBe(
      new TextEncoder().encode(JSON.stringify(body)).byteLength,
    );
  });

  it("are not shared with app.handle's callers, who get records of their own to change", async () => {
    const { app } = server();
    const request = {
      method: "GET",
      path: "/pets/3",
      query: new URLSearchParams(),
      header: (name: string) => (name === "authorization" ? auth.Authorization : null),
      body: null,
      baseUrl: base,
    };
    const first: MockResponse = await app.handle(request);
    (first.body as { name: string }).name = "Changed by a caller";
    const second = await app.handle(request);
    expect((second.body as { name: string }).name).not.toBe("Changed by a caller");
    expect(second.body).not.toBe(first.body);
  });
});
