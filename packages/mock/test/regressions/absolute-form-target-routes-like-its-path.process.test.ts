import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";
import { nodeRequest } from "../support/node-request.js";

// The bug: an absolute-form request target (`GET http://127.0.0.1:4010/pets/1 HTTP/1.1`,
// which every HTTP/1.1 server must accept, RFC 9112 §3.2.2) was routed as the path
// "http://127.0.0.1:4010/pets/1" and got 404 ROUTE_NOT_FOUND. Fix: it routes like its path, and the
// authority of the target stands in for the Host header.
let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server.close());

const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };

describe("an absolute-form request target", () => {
  it("routes like its path and keeps its query", async () => {
    const pet = await nodeRequest(server.port, { target: `${server.url}/pets/1`, headers: auth });
    expect(pet.status).toBe(200);
    expect(JSON.parse(pet.text)).toMatchObject({ id: 1 });
    const page = await nodeRequest(server.port, { target: `${server.url}/pets?limit=2`, headers: auth });
    expect(page.status).toBe(200);
    expect(JSON.parse(page.text)).toHaveLength(2);
  });

  it("is checked by the host of the target, not by the Host header", async () => {
    const response = await nodeRequest(server.port, {
      target: "http://evil.example/pets/1",
      headers: { ...auth, Host: `127.0.0.1:${server.port}` },
    });
    expect(response.status).toBe(400);
    const body = JSON.parse(response.text);
    expect(body).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
    expect(body.message).toContain("the host of the request target");
  });
});
