import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../src/index.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../src/node.js";
import { nodeRequest } from "./support/node-request.js";

// The API reference at /docs/ of the standalone server: static files of a built reference, and
// try-it.json aimed at the server itself. The browser side is tested in docs/test.
let dir: string;
let server: RunningPetstoreServer | undefined;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "petstore-reference-"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>reference</title>");
  writeFileSync(path.join(dir, "page.js"), "export {};");
  writeFileSync(path.join(dir, "try-it.json"), JSON.stringify({ mode: "in-page" }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const get = (target: string, method = "GET") => nodeRequest((server as RunningPetstoreServer).port, { target, method });
const json = (body: string) => JSON.parse(body) as unknown;

describe("the API reference at /docs/", () => {
  it("serves the page and its files without a key, with their content types", async () => {
    server = await startPetstoreServer({ port: 0, referenceDir: dir });
    const page = await get("/docs/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.text).toContain("<title>reference</title>");
    const script = await get("/docs/page.js");
    expect([script.status, script.headers["content-type"]]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect((await get("/docs/", "HEAD")).text).toBe("");
  });

  it("redirects /docs to /docs/, so the page's relative links resolve", async () => {
    server = await startPetstoreServer({ port: 0, referenceDir: dir });
    const answer = await get("/docs");
    expect([answer.status, answer.headers.location]).toEqual([308, "/docs/"]);
  });

  it("aims try-it at this server, with the demo key only when the server accepts it", async () => {
    server = await startPetstoreServer({ port: 0, referenceDir: dir });
    expect(json((await get("/docs/try-it.json")).text)).toEqual({
      mode: "server",
      url: server.url,
      apiKey: DEMO_API_KEY,
    });
    await server.close();
    server = await startPetstoreServer({ port: 0, referenceDir: dir, apiKeys: ["a-secret-key"] });
    expect(json((await get("/docs/try-it.json")).text)).toEqual({ mode: "server", url: server.url, apiKey: null });
  });

  it("answers missing files, paths out of the folder and other methods with an Error body", async () => {
    server = await startPetstoreServer({ port: 0, referenceDir: dir });
    for (const target of [
      "/docs/missing.js",
      "/docs/../package.json",
      "/docs/%2e%2e%2fpackage.json",
      "/docs/sub/page.js",
    ]) {
      const answer = await get(target);
      expect([target, answer.status, json(answer.text)]).toMatchObject([
        target,
        404,
        { code: "ROUTE_NOT_FOUND", status: 404 },
      ]);
    }
    const post = await get("/docs/", "POST");
    expect([post.status, post.headers.allow, json(post.text)]).toMatchObject([
      405,
      "GET, HEAD",
      { code: "METHOD_NOT_ALLOWED", status: 405 },
    ]);
  });

  it("says how to build the reference when the folder has none", async () => {
    server = await startPetstoreServer({ port: 0, referenceDir: path.join(dir, "not-built") });
    const answer = await get("/docs/");
    expect(answer.status).toBe(404);
    expect(json(answer.text)).toMatchObject({
      code: "ROUTE_NOT_FOUND",
      message: expect.stringContaining("pnpm build"),
    });
  });

  it("is not served unless asked for: /docs is then an unknown route of the API", async () => {
    server = await startPetstoreServer({ port: 0 });
    const answer = await nodeRequest(server.port, {
      target: "/docs/",
      headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    });
    expect([answer.status, json(answer.text)]).toMatchObject([404, { code: "ROUTE_NOT_FOUND" }]);
  });
});
