import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";
import { nodeRequest } from "../support/node-request.js";

// The bug: the node:http server built `Location` and `Link` from the request's Host:
// `Host: evil.example` gave `Location: http://evil.example/pets/22`, and a crafted Host injected a
// foreign `next` link. A request without Host got node's bare 400. Fix: links come from the
// server's own URL, and the Host must be one the server answers to (or the request gets an Error).
let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server.close());

const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };
const createPet = (host: string) =>
  nodeRequest(server.port, {
    method: "POST",
    target: "/pets",
    headers: { ...auth, Host: host, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Rex", categoryId: 1 }),
  });

describe("the standalone server and the Host header", () => {
  it("builds Location from its own URL, not from the Host the client sent", async () => {
    const response = await createPet("localhost:1");
    expect(response.status).toBe(201);
    expect(response.headers.location).toMatch(new RegExp(`^${server.url}/pets/\\d+$`));
  });

  it("builds Link from its own URL, not from the Host the client sent", async () => {
    const response = await nodeRequest(server.port, {
      target: "/pets?limit=1",
      headers: { ...auth, Host: "127.0.0.2:1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.link).toBe(`<${server.url}/pets?limit=1&offset=1>; rel="next"`);
  });

  it("refuses a foreign Host with a 400 Error body that names the Host header and says how to allow it", async () => {
    const response = await createPet("evil.example");
    expect(response.headers.location).toBeUndefined();
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(response.text);
    expect(body).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
    expect(body.message).toContain("Host header");
    expect(body.message).toContain("--allowed-host evil.example");
  });

  it("refuses a Host crafted to inject a link", async () => {
    const response = await nodeRequest(server.port, {
      target: "/pets?limit=1",
      headers: { ...auth, Host: 'x>; rel="next", <http://evil.example' },
    });
    expect(response.headers.link).toBeUndefined();
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
  });

  it("answers a request without Host with a 400 Error body, not node's bare 400", async () => {
    const response = await nodeRequest(server.port, { target: "/pets/1", headers: auth, noHost: true });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
  });
});
