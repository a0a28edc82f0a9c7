// Issue 35, item 5: the Worker used to send every request to its session's Durable Object, which created the
// session (and wrote its demo records) before the key was checked. The routing Worker now answers a request
// to an operation without a valid key itself, before any object is reached and before its body is read.
// (Under workerd, examples/cloudflare-worker/test/auth-first.test.ts counts the stored rows.)
import { describe, expect, it } from "vitest";
import { createPetstoreCloudflareWorker } from "../../src/worker.js";

/** A Durable Object namespace that records which object each request reached. */
function fakeSessions() {
  const reached: string[] = [];
  const namespace = {
    idFromName: (name: string) => name,
    get: (id: string) => ({
      fetch: async (request: Request) => {
        reached.push(`${id}: ${request.method} ${new URL(request.url).pathname}`);
        return new Response(null, { status: 204 });
      },
    }),
  };
  return { env: { PETSTORE_SESSIONS: namespace }, reached };
}

/** A body that records whether anything read it. */
function watchedBody() {
  const watch = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        watch.pulled = true;
        controller.enqueue(new TextEncoder().encode('{"name":"Intruder","categoryId":1}'));
        controller.close();
      },
    },
    // Nothing is pulled until a reader asks.
    { highWaterMark: 0 },
  );
  return { body, watch };
}

const worker = createPetstoreCloudflareWorker();
const LOCAL = "http://127.0.0.1:8787";

describe("the Worker checks the key before any session's Durable Object", () => {
  it("answers an operation without a valid key 401, reaching no object and reading no body", async () => {
    const { env, reached } = fakeSessions();
    const { body, watch } = watchedBody();
    const request = new Request(`${LOCAL}/pets`, {
      method: "POST",
      headers: { "X-Petstore-Session": "ghost", "Content-Type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await worker.fetch(request, env);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await response.json()).toEqual({
      code: "UNAUTHORIZED",
      message: 'the Authorization header is missing; send "Authorization: Bearer <key>"',
      status: 401,
    });
    expect([request.bodyUsed, watch.pulled]).toEqual([false, false]);
    expect(reached).toEqual([]);
  });

  it("answers the control API without a valid key 401, whatever session it names", async () => {
    const { env, reached } = fakeSessions();
    const headers = { Authorization: "Bearer not-a-key" };
    const answers = await Promise.all([
      worker.fetch(new Request(`${LOCAL}/__petstore/sessions/ghost/state`, { headers }), env),
      worker.fetch(new Request(`${LOCAL}/__petstore/sessions/ghost`, { method: "DELETE" }), env),
      worker.fetch(new Request(`${LOCAL}/__petstore/sessions/ghost/reset`, { method: "POST", headers }), env),
      worker.fetch(new Request(`${LOCAL}/__petstore/sessions`), env),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(reached).toEqual([]);
  });

  it("gives a page on a loopback origin the CORS headers of its 401, as the mock's handler does", async () => {
    const { env } = fakeSessions();
    const request = new Request(`${LOCAL}/pets`, { headers: { Origin: "http://localhost:5173" } });
    const response = await worker.fetch(request, env);
    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  it("sends a request with a valid key to its session's object", async () => {
    const { env, reached } = fakeSessions();
    const headers = { Authorization: "Bearer petstore-demo-key", "X-Petstore-Session": "alice" };
    await worker.fetch(new Request(`${LOCAL}/pets`, { headers }), env);
    await worker.fetch(new Request(`${LOCAL}/__petstore/sessions/bob/state`, { headers }), env);
    expect(reached).toEqual(["alice: GET /pets", "bob: GET /__petstore/sessions/bob/state"]);
  });

  it("sends what every server answers before the key (a preflight, a path of no operation) to default's object", async () => {
    const { env, reached } = fakeSessions();
    const session = { "X-Petstore-Session": "ghost" };
    await worker.fetch(new Request(`${LOCAL}/pets`, { method: "OPTIONS", headers: session }), env);
    await worker.fetch(new Request(`${LOCAL}/no-such-path`, { headers: session }), env);
    await worker.fetch(new Request(`${LOCAL}/__petstore/sessions/ghost/nothing-here`), env);
    expect(reached).toEqual([
      "default: OPTIONS /pets",
      "default: GET /no-such-path",
      "default: GET /__petstore/sessions/ghost/nothing-here",
    ]);
  });
});
