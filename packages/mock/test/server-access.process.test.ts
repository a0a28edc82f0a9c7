import { afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../src/index.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../src/node.js";
import { nodeRequest } from "./support/node-request.js";

// The Host allow-list of the standalone server (the document's "Host" section).
let server: RunningPetstoreServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function statusFor(host: string, allowedHosts?: string[]): Promise<number> {
  server ??= await startPetstoreServer({ port: 0, allowedHosts });
  const response = await nodeRequest(server.port, {
    target: "/pets/1",
    headers: { Authorization: `Bearer ${DEMO_API_KEY}`, Host: host },
  });
  return response.status;
}

describe("the Host allow-list", () => {
  it.each(["localhost", "LOCALHOST.:4010", "app.localhost:5173", "127.0.0.1", "10.1.2.3:80", "[::1]:4010"])(
    "answers %s by default",
    async (host) => {
      expect(await statusFor(host)).toBe(200);
    },
  );

  it.each(["example.com", "localhost.example.com", "[not-an-address]", "a b"])(
    "refuses %s by default",
    async (host) => {
      expect(await statusFor(host)).toBe(400);
    },
  );

  it("answers a name given in allowedHosts, and with a leading dot its subdomains too", async () => {
    expect(await statusFor("example.com", [".example.com", "mybox.local"])).toBe(200);
    expect(await statusFor("api.example.com")).toBe(200);
    expect(await statusFor("mybox.local:4010")).toBe(200);
    expect(await statusFor("badexample.com")).toBe(400);
    expect(await statusFor("sub.mybox.local")).toBe(400);
  });

  it("answers any name with allowedHosts ['*']", async () => {
    expect(await statusFor("anything.example", ["*"])).toBe(200);
  });

  it("rejects an allowedHosts entry that is not a host name", async () => {
    await expect(startPetstoreServer({ port: 0, allowedHosts: ["http://x"] })).rejects.toThrow(/not a host name/);
  });
});
