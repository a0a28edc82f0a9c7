// Issue 35, items 5 and 6, under real workerd (`wrangler dev`): the Worker checks the key before it reaches a
// session's Durable Object, so a request without a valid key stores nothing (counted in the objects' SQLite
// files); a session that was never created reads and deletes as the documented 404; and the public demo key
// opens the Worker only on a loopback host unless PETSTORE_ALLOW_DEMO_KEY says otherwise.

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningWorker, startWorker, storedRows } from "./wrangler.js";

const DEMO = { Authorization: "Bearer petstore-demo-key" };
const PUBLIC_HOST = "petstore-mock.team.workers.dev";

let persistTo: string;
let worker: RunningWorker | undefined;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { code?: string; message?: string; status?: number; [field: string]: unknown } | undefined;
}

/** A request to the running Worker (node:http, so that `Host` can name another host than 127.0.0.1). */
function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(path, worker!.url);
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method ?? "GET", headers: init.headers ?? {} }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, json: text ? JSON.parse(text) : undefined }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), "petstore-worker-auth-"));
  worker = await startWorker(persistTo);
});

afterAll(async () => {
  await worker?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

describe("the Worker checks the key before any session's Durable Object", () => {
  it("answers requests without a valid key 401 and stores nothing, whatever session they name", async () => {
    const refused = [
      await call("/pets?limit=1", { headers: { "X-Petstore-Session": "ghost" } }),
      await call("/pets", {
        method: "POST",
        headers: { "X-Petstore-Session": "ghost", "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Intruder", categoryId: 1 }),
      }),
      await call("/pets/1", { headers: { "X-Petstore-Session": "ghost", Authorization: "Bearer wrong-key" } }),
      await call("/__petstore/sessions/ghost-control/state"),
      await call("/__petstore/sessions/ghost-control/reset", { method: "POST" }),
      await call("/__petstore/sessions/ghost-control", { method: "DELETE" }),
    ];
    for (const answer of refused) {
      expect([answer.status, answer.json?.code, answer.json?.status]).toEqual([401, "UNAUTHORIZED", 401]);
      expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
    expect(storedRows(persistTo), "a request without a valid key should leave no stored row").toEqual({
      objects: 0,
      rows: 0,
    });
  });

  it("reads and deletes a session that was never created as the documented 404, storing nothing", async () => {
    const state = await call("/__petstore/sessions/never-made/state", { headers: DEMO });
    expect([state.status, state.json?.code]).toEqual([404, "NOT_FOUND"]);
    expect(state.json?.message).toContain('"never-made"');
    const deleted = await call("/__petstore/sessions/never-made", { method: "DELETE", headers: DEMO });
    expect([deleted.status, deleted.json?.code]).toEqual([404, "NOT_FOUND"]);
    // Still not there: neither answer created it.
    expect((await call("/__petstore/sessions/never-made/state", { headers: DEMO })).status).toBe(404);
    // Reading default's demo data writes nothing either: it is stored from its first change on.
    expect((await call("/pets?limit=1", { headers: DEMO })).status).toBe(200);
    expect(storedRows(persistTo).rows, "reads of sessions should store no row").toBe(0);
  });

  it("creates a session on a request with the key, then reads, deletes and 404s it as documented", async () => {
    const session = { ...DEMO, "X-Petstore-Session": "made" };
    expect((await call("/pets?limit=1", { headers: session })).status).toBe(200);
    const state = await call("/__petstore/sessions/made/state", { headers: DEMO });
    expect([state.status, (state.json?.pets as unknown[] | undefined)?.length]).toEqual([200, 20]);
    expect(storedRows(persistTo).rows).toBeGreaterThan(0);
    expect((await call("/__petstore/sessions/made", { method: "DELETE", headers: DEMO })).status).toBe(204);
    expect((await call("/__petstore/sessions/made/state", { headers: DEMO })).status).toBe(404);
    // A reset creates the session it names, as the control API documents.
    const reset = await call("/__petstore/sessions/fresh/reset", { method: "POST", headers: DEMO });
    expect([reset.status, reset.json?.name]).toEqual([200, "fresh"]);
    expect((await call("/__petstore/sessions/fresh/state", { headers: DEMO })).status).toBe(200);
  });
});

describe("the demo key on a host other than loopback", () => {
  it("is refused without PETSTORE_API_KEYS, with a 401 that says how to set them", async () => {
    const answer = await call("/pets?limit=1", { headers: { ...DEMO, Host: PUBLIC_HOST } });
    expect([answer.status, answer.json?.code]).toEqual([401, "UNAUTHORIZED"]);
    expect(answer.json?.message).toContain("wrangler secret put PETSTORE_API_KEYS");
    expect(answer.json?.message).toContain("PETSTORE_ALLOW_DEMO_KEY");
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
    // Locally (`wrangler dev` on 127.0.0.1, or localhost), the demo key needs no setting.
    expect((await call("/pets?limit=1", { headers: DEMO })).status).toBe(200);
    expect((await call("/pets?limit=1", { headers: { ...DEMO, Host: "localhost" } })).status).toBe(200);
  });

  it("is accepted on purpose with PETSTORE_ALLOW_DEMO_KEY=true (a public sandbox)", async () => {
    await worker!.stop();
    worker = await startWorker(persistTo, { PETSTORE_ALLOW_DEMO_KEY: "true" });
    const answer = await call("/pets?limit=1", { headers: { ...DEMO, Host: PUBLIC_HOST } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  });
});
