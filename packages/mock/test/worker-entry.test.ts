// The parts of @petstore/mock/worker that need no Workers runtime: the settings read from the env, the
// session a request goes to, and the answer when the Durable Object binding is missing. The Worker itself
// is tested under workerd by examples/cloudflare-worker.
import { describe, expect, it } from "vitest";
import { createPetstoreCloudflareWorker, readWorkerConfig, sessionOfRequest } from "../src/worker.js";

describe("readWorkerConfig", () => {
  it("accepts the demo key with no key configured, on a loopback host only, and no other limits", () => {
    expect(readWorkerConfig({})).toEqual({
      apiKeys: ["petstore-demo-key"],
      demoKeyOnLoopbackOnly: true,
      corsOrigins: [],
      limits: {},
      sessionTtlMs: undefined,
      delayMs: 0,
      log: false,
    });
  });

  it("reads comma-separated keys and origins, lower caps and the idle TTL", () => {
    const config = readWorkerConfig({
      PETSTORE_API_KEYS: " team-key, ci-key ,",
      PETSTORE_CORS_ORIGINS: "https://app.example.com",
      PETSTORE_MAX_PETS: "50",
      PETSTORE_MAX_ORDERS: 10,
      PETSTORE_SESSION_TTL_SECONDS: "3600",
      PETSTORE_DELAY_MS: "250",
      PETSTORE_LOG: "true",
    });
    expect(config).toEqual({
      apiKeys: ["team-key", "ci-key"],
      demoKeyOnLoopbackOnly: false,
      corsOrigins: ["https://app.example.com"],
      limits: { maxPets: 50, maxOrders: 10 },
      sessionTtlMs: 3_600_000,
      delayMs: 250,
      log: true,
    });
  });

  it("accepts the demo key on any host with PETSTORE_ALLOW_DEMO_KEY=true", () => {
    expect(readWorkerConfig({ PETSTORE_ALLOW_DEMO_KEY: "true" }).demoKeyOnLoopbackOnly).toBe(false);
    expect(readWorkerConfig({ PETSTORE_ALLOW_DEMO_KEY: " FALSE " }).demoKeyOnLoopbackOnly).toBe(true);
    expect(() => readWorkerConfig({ PETSTORE_ALLOW_DEMO_KEY: "1" })).toThrow(
      'PETSTORE_ALLOW_DEMO_KEY must be true or false (got "1")',
    );
  });

  it("names the setting that is not a whole number", () => {
    expect(() => readWorkerConfig({ PETSTORE_MAX_PETS: "lots" })).toThrow(
      'PETSTORE_MAX_PETS must be a whole number of at least 0 (got "lots")',
    );
    expect(() => readWorkerConfig({ PETSTORE_SESSION_TTL_SECONDS: 0 })).toThrow(
      "PETSTORE_SESSION_TTL_SECONDS must be a whole number of at least 1 (got 0)",
    );
  });
});

describe("sessionOfRequest", () => {
  const request = (path: string, session?: string) =>
    new Request(`https://petstore.example.workers.dev${path}`, {
      headers: session === undefined ? {} : { "X-Petstore-Session": session },
    });

  it("is the header's session, else default", () => {
    expect(sessionOfRequest(request("/pets", "alice"))).toBe("alice");
    expect(sessionOfRequest(request("/pets"))).toBe("default");
  });

  it("is the session a control path names, whatever the header says", () => {
    expect(sessionOfRequest(request("/__petstore/sessions/bob/reset", "alice"))).toBe("bob");
    expect(sessionOfRequest(request("/__petstore/sessions/bob"))).toBe("bob");
    expect(sessionOfRequest(request("/__petstore/sessions", "alice"))).toBe("default");
  });

  it("sends a malformed name to default, whose mock answers it 400", () => {
    expect(sessionOfRequest(request("/pets", "no spaces"))).toBe("default");
    expect(sessionOfRequest(request("/pets", "x".repeat(65)))).toBe("default");
    expect(sessionOfRequest(request("/__petstore/sessions/%E0%A4%A/state"))).toBe("default");
  });
});

describe("createPetstoreCloudflareWorker", () => {
  it("answers a Worker without its Durable Object binding with an Error that says what to declare", async () => {
    const response = await createPetstoreCloudflareWorker({ binding: "MOCK" }).fetch(
      new Request("https://w.example/pets"),
      {},
    );
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("INTERNAL_ERROR");
    expect(body.message).toContain('[[durable_objects.bindings]] name = "MOCK", class_name = "PetstoreSessionObject"');
  });
});

describe("the API reference at /docs/ of the Worker (its static assets; under workerd: examples/cloudflare-worker)", () => {
  const forwarded: string[] = [];
  const sessions = {
    idFromName: (name: string) => name,
    get: () => ({
      fetch: async (request: Request) => {
        forwarded.push(new URL(request.url).pathname);
        return new Response(null, { status: 404 });
      },
    }),
  };
  const files: Record<string, string> = { "index.html": "<!doctype html><title>API</title>" };
  const ASSETS = {
    fetch: async (request: Request) => {
      const file = files[new URL(request.url).pathname.slice(1)];
      return file === undefined ? new Response(null, { status: 404 }) : new Response(file);
    },
  };
  const tryIt = async (url: string, env: object) =>
    (await createPetstoreCloudflareWorker().fetch(new Request(url), env)).json();

  it("serves the page from the ASSETS binding, without any session's object", async () => {
    const response = await createPetstoreCloudflareWorker().fetch(
      new Request("https://petstore.example.workers.dev/docs/"),
      { PETSTORE_SESSIONS: sessions, ASSETS },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe(files["index.html"]);
    expect(forwarded).toEqual([]);
  });

  it("fills in the demo key only where it opens the Worker: loopback, or PETSTORE_ALLOW_DEMO_KEY", async () => {
    const env = { PETSTORE_SESSIONS: sessions, ASSETS };
    expect(await tryIt("http://127.0.0.1:8787/docs/try-it.json", env)).toEqual({
      mode: "server",
      url: "http://127.0.0.1:8787",
      apiKey: "petstore-demo-key",
    });
    expect(await tryIt("https://petstore.example.workers.dev/docs/try-it.json", env)).toMatchObject({ apiKey: null });
    expect(
      await tryIt("https://petstore.example.workers.dev/docs/try-it.json", { ...env, PETSTORE_ALLOW_DEMO_KEY: "true" }),
    ).toMatchObject({ apiKey: "petstore-demo-key" });
    expect(
      await tryIt("https://petstore.example.workers.dev/docs/try-it.json", { ...env, PETSTORE_API_KEYS: "team-key" }),
    ).toMatchObject({ apiKey: null });
  });

  it("leaves /docs/ to the mock (its 404) without the binding", async () => {
    const response = await createPetstoreCloudflareWorker().fetch(new Request("http://127.0.0.1:8787/docs/"), {
      PETSTORE_SESSIONS: sessions,
    });
    expect(response.status).toBe(404);
    expect(forwarded).toEqual(["/docs/"]);
  });
});
