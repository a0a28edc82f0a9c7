import { isIP as nodeIsIP } from "node:net";
import { describe, expect, it } from "vitest";
import { contract, createPetstoreFetchHandler, DEMO_API_KEY } from "../src/index.js";
import { isIP } from "../src/serve/access-policy.js";
import { expectError, json } from "./support/adapters.js";

// The Fetch handler is what Deno.serve, Bun.serve and the Worker serve: the standalone server's access
// rules over Request/Response. The operations themselves run through it in every describeEachAdapter suite.
const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };

describe("createPetstoreFetchHandler", () => {
  const handle = createPetstoreFetchHandler({ corsOrigins: ["https://app.example.com"] });

  it("links to the origin each request came in on", async () => {
    const response = await handle(
      new Request("http://mock.localhost:8787/categories", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Handler origin" }),
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toMatch(/^http:\/\/mock\.localhost:8787\/categories\/\d+$/);
  });

  it("answers a preflight from an allowed origin and lets its pages read the answers", async () => {
    const preflight = await handle(
      new Request("http://127.0.0.1:4010/pets", {
        method: "OPTIONS",
        headers: { Origin: "https://app.example.com", "Access-Control-Request-Headers": "authorization" },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("authorization");
    const read = await handle(
      new Request("http://127.0.0.1:4010/pets/1", { headers: { ...auth, Origin: "https://app.example.com" } }),
    );
    expect(read.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(read.headers.get("access-control-expose-headers")).toContain("Link");
  });

  it("keeps other sites' pages out", async () => {
    const response = await handle(
      new Request("http://127.0.0.1:4010/pets/1", { headers: { ...auth, Origin: "https://evil.example" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("vary")).toBe("Origin");
  });

  it("refuses a host it does not answer to, naming the option that allows it", async () => {
    const response = await handle(new Request("http://rebind.example/pets", { headers: auth }));
    await expectError(
      response,
      400,
      "INVALID_PARAMETER",
      /"rebind\.example".*--allowed-host rebind\.example, or add "rebind\.example" to the allowedHosts option of the server you start in code/,
    );
    const allowed = createPetstoreFetchHandler({ allowedHosts: [".example"] });
    expect((await allowed(new Request("http://rebind.example/pets/1", { headers: auth }))).status).toBe(200);
  });

  it("answers 413 past the document's body limit, and serves the control API", async () => {
    const tooLarge = await handle(
      new Request("http://127.0.0.1:4010/pets", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: "x".repeat(contract.limits.requestBodyBytes + 1),
      }),
    );
    await expectError(tooLarge, 413, "PAYLOAD_TOO_LARGE", String(contract.limits.requestBodyBytes));
    const sessions = await handle(new Request("http://127.0.0.1:4010/__petstore/sessions", { headers: auth }));
    expect(sessions.status).toBe(200);
    expect(await json(sessions)).toMatchObject([{ name: "default" }]);
    const withoutControl = createPetstoreFetchHandler({ control: false });
    const hidden = await withoutControl(new Request("http://127.0.0.1:4010/__petstore/sessions", { headers: auth }));
    await expectError(hidden, 404, "ROUTE_NOT_FOUND");
  });
});

describe("isIP (node:net's, without node:net)", () => {
  it.each([
    "127.0.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "256.1.1.1",
    "1.2.3",
    "1.2.3.04",
    "::1",
    "::",
    "fe80::1",
    "::ffff:127.0.0.1",
    "2001:db8::g",
    "1:2:3:4:5:6:7:8:9",
    "localhost",
    "example.com",
    "",
  ])("%j", (name) => {
    expect(isIP(name)).toBe(nodeIsIP(name));
  });
  it("logs the CLI's line per request, session included, when asked (log, the CLI's --log)", async () => {
    const lines: string[] = [];
    const logging = createPetstoreFetchHandler({ log: (line) => lines.push(line) });
    await logging(
      new Request("http://127.0.0.1:4010/pets?limit=1", { headers: { ...auth, "X-Petstore-Session": "ann" } }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/pets\?limit=1 200 listPets \d+\.\dms session=ann$/);
  });
});
