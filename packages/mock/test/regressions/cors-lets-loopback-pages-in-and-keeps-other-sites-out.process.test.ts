import { afterEach, describe, expect, it } from "vitest";
import { contract } from "../../src/core/generated/contract.js";
import { DEMO_API_KEY } from "../../src/index.js";
import { type PetstoreServerOptions, type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";

// The bug: the node:http server answered every origin with `Access-Control-Allow-Origin: *`,
// so any web page could read and rewrite a mock started with the public demo key; and its
// preflights allowed a fixed list of headers, so a page sending `X-Request-Id` or a tracing header
// failed. Fix: loopback origins by default, more through `corsOrigins`, preflights that echo the
// requested headers, and the exposed headers read from the document.
let server: RunningPetstoreServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: PetstoreServerOptions = {}) {
  server = await startPetstoreServer({ port: 0, ...options });
  return server.url;
}

const get = (url: string, origin: string) =>
  fetch(`${url}/pets?limit=1`, { headers: { Authorization: `Bearer ${DEMO_API_KEY}`, Origin: origin } });
const preflight = (url: string, origin: string, headers = "authorization, content-type") =>
  fetch(`${url}/pets`, {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": headers },
  });

describe("CORS on the standalone server", () => {
  it("gives a page from another site no Access-Control-Allow-Origin, on requests and preflights", async () => {
    const url = await start();
    const response = await get(url, "https://evil.example");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const answer = await preflight(url, "https://evil.example");
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(answer.headers.get("Access-Control-Allow-Headers")).toBeNull();
    expect(answer.headers.get("Access-Control-Allow-Methods")).toBeNull();
  });

  it.each(["http://localhost:5173", "https://127.0.0.1:8443", "http://[::1]:3000", "http://app.localhost"])(
    "echoes the loopback origin %s with Vary: Origin and exposes the headers the document declares",
    async (origin) => {
      const url = await start();
      const response = await get(url, origin);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(origin);
      expect(response.headers.get("Vary")).toContain("Origin");
      expect(response.headers.get("Access-Control-Expose-Headers")?.split(", ").sort()).toEqual(
        [...contract.responseHeaders, "Allow"].sort(),
      );
      // The document also declares the CORS headers themselves; the browser reads those without help.
      expect(response.headers.get("Access-Control-Expose-Headers")).not.toMatch(/Access-Control-|Vary/i);
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    },
  );

  it("lets a preflight ask for any request header, such as X-Request-Id and traceparent", async () => {
    const url = await start();
    const answer = await preflight(
      url,
      "http://localhost:5173",
      "authorization, content-type, x-request-id, traceparent",
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(answer.headers.get("Access-Control-Allow-Headers")).toBe(
      "authorization, content-type, x-request-id, traceparent",
    );
    expect(answer.headers.get("Access-Control-Allow-Methods")).toContain("PATCH");
    expect(answer.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("lets in the origins given in corsOrigins, and every origin with '*'", async () => {
    const url = await start({ corsOrigins: ["https://app.example.com"] });
    expect((await get(url, "https://app.example.com")).headers.get("Access-Control-Allow-Origin")).toBe(
      "https://app.example.com",
    );
    expect((await get(url, "https://other.example.com")).headers.get("Access-Control-Allow-Origin")).toBeNull();
    await server!.close();
    const open = await start({ corsOrigins: ["*"] });
    expect((await get(open, "https://other.example.com")).headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect((await preflight(open, "https://other.example.com")).headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});
