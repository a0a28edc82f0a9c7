import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createPetstoreHandlers, createPetstoreOverrides, DEMO_API_KEY } from "../../src/index.js";
import { setupPetstoreServer } from "../../src/node.js";

// The bug: with a relative baseUrl the MSW handlers matched every origin, so
// `setupPetstoreServer({ baseUrl: "/api" })` answered `fetch("http://other-host/api/geocode")` with
// its own 404 and real calls to other services were swallowed.

/** Another service on this machine, under the same `/api` path as the mock. */
let otherService: Server;
let otherUrl: string;
beforeAll(async () => {
  otherService = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ answeredBy: "the other service" }));
  });
  await new Promise<void>((resolve) => otherService.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(otherService.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => otherService.close(() => resolve())));

const authorized = { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } };

describe("setupPetstoreServer with a relative baseUrl and an origin", () => {
  const petstore = setupPetstoreServer({ baseUrl: "/api", origin: "http://app.test" });
  beforeAll(() => petstore.listen({ onUnhandledRequest: "bypass" }));
  afterAll(() => petstore.close());

  it("answers under its own origin", async () => {
    const response = await fetch("http://app.test/api/pets/1", authorized);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1 });
  });

  it("lets a call to the same path on another host through to that host", async () => {
    const response = await fetch(`${otherUrl}/api/geocode`, authorized);
    expect(await response.json()).toEqual({ answeredBy: "the other service" });
  });
});

describe("createPetstoreHandlers with a relative baseUrl in a page", () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
  afterEach(() => {
    server.resetHandlers();
    vi.unstubAllGlobals();
  });
  afterAll(() => server.close());

  it("answers on the page's origin and nowhere else", async () => {
    vi.stubGlobal("location", { origin: "http://page.test", href: "http://page.test/" });
    server.use(...createPetstoreHandlers({ baseUrl: "/api" }));
    expect((await fetch("http://page.test/api/pets/1", authorized)).status).toBe(200);
    expect(await (await fetch(`${otherUrl}/api/geocode`, authorized)).json()).toEqual({
      answeredBy: "the other service",
    });
  });
});

describe("a relative baseUrl in Node without an origin", () => {
  it("is refused by setupPetstoreServer with a TypeError naming baseUrl and origin", () => {
    expect(() => setupPetstoreServer({ baseUrl: "/api" })).toThrow(
      expect.objectContaining({
        name: "TypeError",
        message: expect.stringMatching(/^setupPetstoreServer: baseUrl "\/api" is relative.*origin: "http:\/\//),
      }),
    );
  });

  it("is refused by createPetstoreHandlers with a TypeError", () => {
    expect(() => createPetstoreHandlers({ baseUrl: "/api" })).toThrow(TypeError);
  });

  it("is refused by createPetstoreOverrides with a TypeError", () => {
    expect(() => createPetstoreOverrides({ baseUrl: "/api" })).toThrow(TypeError);
  });

  it("written protocol-relative is refused with a TypeError about baseUrl", () => {
    expect(() => setupPetstoreServer({ baseUrl: "//other-host/api", origin: "http://app.test" })).toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
  });

  it("with an origin that has a path is refused with a TypeError about origin", () => {
    expect(() => setupPetstoreServer({ baseUrl: "/api", origin: "http://app.test/app" })).toThrow(
      /origin must be a scheme, host and optional port/,
    );
  });
});
