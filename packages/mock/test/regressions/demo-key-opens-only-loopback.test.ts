// Issue 35, item 6: a deployed Worker without the PETSTORE_API_KEYS secret accepted the public demo key on its
// workers.dev URL, and so did Deno and Bun bound beyond loopback without apiKeys. Now the demo key opens them
// only on a loopback host, unless the operator allows it on purpose; local flows need no setting.
import { afterEach, describe, expect, it } from "vitest";
import { serveWithBun } from "../../src/bun.js";
import { serveWithDeno } from "../../src/deno.js";
import { isLoopbackHost } from "../../src/serve/demo-key.js";
import { createPetstoreCloudflareWorker, type PetstoreCloudflareEnv } from "../../src/worker.js";

const DEMO = { Authorization: "Bearer petstore-demo-key" };

describe("isLoopbackHost", () => {
  it("is localhost, 127.0.0.0/8 and ::1, nothing else", () => {
    for (const host of ["localhost", "api.localhost", "LOCALHOST.", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "petstore.example.workers.dev", "localhost.example.com"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("the Worker without PETSTORE_API_KEYS", () => {
  const reached: string[] = [];
  const namespace = {
    idFromName: (name: string) => name,
    get: (id: string) => ({
      fetch: async (request: Request) => {
        reached.push(`${id}: ${new URL(request.url).host}`);
        return new Response(null, { status: 204 });
      },
    }),
  };
  const worker = createPetstoreCloudflareWorker();
  const call = (url: string, env: PetstoreCloudflareEnv = {}, headers: Record<string, string> = DEMO) =>
    worker.fetch(new Request(url, { headers }), { PETSTORE_SESSIONS: namespace, ...env });

  afterEach(() => {
    reached.length = 0;
  });

  it("refuses the demo key on a public host with a 401 that says how to set PETSTORE_API_KEYS", async () => {
    const response = await call("https://petstore-mock.team.workers.dev/pets");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = (await response.json()) as { code: string; message: string; status: number };
    expect([body.code, body.status]).toEqual(["UNAUTHORIZED", 401]);
    expect(body.message).toContain("does not open this Worker on petstore-mock.team.workers.dev");
    expect(body.message).toContain('"wrangler secret put PETSTORE_API_KEYS"');
    expect(body.message).toContain("PETSTORE_ALLOW_DEMO_KEY");
    expect(reached).toEqual([]);
  });

  it("accepts the demo key on a loopback host (wrangler dev), with no setting", async () => {
    for (const url of ["http://127.0.0.1:8787/pets", "http://localhost:8787/pets", "http://[::1]:8787/pets"]) {
      expect((await call(url)).status, url).toBe(204);
    }
    expect(reached).toEqual(["default: 127.0.0.1:8787", "default: localhost:8787", "default: [::1]:8787"]);
  });

  it("accepts the demo key anywhere with PETSTORE_ALLOW_DEMO_KEY=true (a public sandbox)", async () => {
    const url = "https://petstore-mock.team.workers.dev/pets";
    expect((await call(url, { PETSTORE_ALLOW_DEMO_KEY: "true" })).status).toBe(204);
    expect((await call(url, { PETSTORE_ALLOW_DEMO_KEY: true })).status).toBe(204);
    expect((await call(url, { PETSTORE_ALLOW_DEMO_KEY: "false" })).status).toBe(401);
    const typo = await call(url, { PETSTORE_ALLOW_DEMO_KEY: "yes" });
    expect(typo.status).toBe(500);
    expect(((await typo.json()) as { message: string }).message).toContain(
      'PETSTORE_ALLOW_DEMO_KEY must be true or false (got "yes")',
    );
  });

  it("with PETSTORE_API_KEYS, takes the team's keys on any host and refuses the demo key as unknown", async () => {
    const env = { PETSTORE_API_KEYS: "team-key" };
    const url = "https://petstore-mock.team.workers.dev/pets";
    expect((await call(url, env, { Authorization: "Bearer team-key" })).status).toBe(204);
    const demo = await call(url, env);
    expect([demo.status, ((await demo.json()) as { message: string }).message]).toEqual([
      401,
      "the bearer key is not known to this server",
    ]);
  });
});

describe("Deno and Bun bound beyond loopback without apiKeys", () => {
  type Handler = (request: Request, info: { completed?: Promise<void> }) => Promise<Response>;
  let handler: Handler | undefined;

  /** The runtime's global, serving nothing: `serve` only keeps the handler it is given. */
  function fakeRuntime(name: "Deno" | "Bun") {
    const serve =
      name === "Deno"
        ? (_options: unknown, handle: Handler) => {
            handler = handle;
            return { addr: { hostname: "0.0.0.0", port: 4010 }, shutdown: async () => {} };
          }
        : (options: { fetch: (request: Request) => Promise<Response> }) => {
            handler = options.fetch;
            return { port: 4010, stop: async () => {} };
          };
    (globalThis as Record<string, unknown>)[name] = { serve };
  }

  afterEach(() => {
    delete (globalThis as Record<string, unknown>).Deno;
    delete (globalThis as Record<string, unknown>).Bun;
    handler = undefined;
  });

  const servers = [
    ["Deno", serveWithDeno],
    ["Bun", serveWithBun],
  ] as const;

  for (const [name, serve] of servers) {
    const caller = `serveWithDeno`.replace("Deno", name);

    it(`${name}: refuses the demo key with a 401 that says to pass apiKeys`, async () => {
      fakeRuntime(name);
      const mock = await serve({ host: "0.0.0.0" });
      const response = await handler!(
        new Request("http://192.0.2.10:4010/pets", { headers: { ...DEMO, Host: "192.0.2.10:4010" } }),
        {},
      );
      expect(response.status).toBe(401);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("UNAUTHORIZED");
      expect(body.message).toContain(`does not open a mock bound to 0.0.0.0`);
      expect(body.message).toContain(`apiKeys option of ${caller}()`);
      await mock.close();
    });

    it(`${name}: accepts the demo key on loopback, with allowDemoKey, and the team's keys beyond loopback`, async () => {
      const status = async (options: Parameters<typeof serve>[0], key = "petstore-demo-key") => {
        fakeRuntime(name);
        const mock = await serve(options);
        const response = await handler!(
          new Request("http://192.0.2.10:4010/pets?limit=1", {
            // As the runtime hands it over: with the Host the client sent.
            headers: { Authorization: `Bearer ${key}`, Host: "192.0.2.10:4010" },
          }),
          {},
        );
        await mock.close();
        return response.status;
      };
      expect(await status({})).toBe(200);
      expect(await status({ host: "localhost" })).toBe(200);
      expect(await status({ host: "0.0.0.0", allowDemoKey: true })).toBe(200);
      expect(await status({ host: "0.0.0.0", apiKeys: ["team-key"] }, "team-key")).toBe(200);
      expect(await status({ host: "0.0.0.0", apiKeys: ["team-key"] })).toBe(401);
    });
  }
});
