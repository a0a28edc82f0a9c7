import { createServer } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { killStartedClis, requireBuiltCli, startCli } from "./support/cli.js";
import { nodeRequest } from "./support/node-request.js";

beforeAll(requireBuiltCli);
afterEach(killStartedClis);

describe("petstore-mock CLI", () => {
  it("serves an empty store on a free port with the given keys, and stops on SIGTERM", async () => {
    const cli = startCli(["--port", "0", "--empty", "--api-key", "k1", "--api-key", "k2"]);
    const url = await cli.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const pets = await fetch(`${url}/pets`, { headers: { Authorization: "Bearer k2" } });
    expect(pets.status).toBe(200);
    expect(await pets.json()).toEqual([]);
    expect((await fetch(`${url}/pets`, { headers: { Authorization: "Bearer petstore-demo-key" } })).status).toBe(401);
    cli.child.kill("SIGTERM");
    expect((await cli.exited).code).toBe(0);
    expect(cli.output().stdout).toContain("stopped (SIGTERM)");
  });

  it("prints the URL, the demo key and a curl line, and answers CORS preflights", async () => {
    const cli = startCli(["--port", "0", "--seed", "5"]);
    const url = await cli.ready;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { stdout } = cli.output();
    expect(stdout).toContain("petstore-demo-key");
    expect(stdout).toContain(`curl -H "Authorization: Bearer petstore-demo-key" ${url}/pets`);
    expect(stdout).toContain("5 pets");
    const preflight = await fetch(`${url}/pets`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    const response = await fetch(`${url}/pets`, {
      headers: { Authorization: "Bearer petstore-demo-key", Origin: "http://localhost:5173" },
    });
    expect(response.headers.get("Access-Control-Expose-Headers")).toContain("X-Total-Count");
    expect(response.headers.get("X-Total-Count")).toBe("5");
  });

  it.each([
    [["--port", "abc"], /--port must be a whole number from 0 to 65535/],
    [["--port", "70000"], /--port must be a whole number/],
    [["--bogus"], /Unknown option '--bogus'/],
    [["--seed", "3", "--empty"], /--seed and --empty cannot be used together/],
    [["--delay", "-5"], /--delay/],
    [["--allowed-host", "my box"], /--allowed-host must be a host name/],
    [["--cors-origin", "app.example.com"], /--cors-origin must be an origin/],
  ])("exits non-zero with a one-line reason for %j", async (args, reason) => {
    const cli = startCli(args);
    expect((await cli.exited).code).toBe(2);
    expect(cli.output().stderr).toMatch(reason);
  });

  it("says so when the port is busy", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const cli = startCli(["--port", String(port)]);
      expect((await cli.exited).code).toBe(1);
      expect(cli.output().stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it("answers the hosts given by --allowed-host and lets in the pages of --cors-origin", async () => {
    const cli = startCli(["--port", "0", "--allowed-host", "mybox.local", "--cors-origin", "https://app.example.com"]);
    const port = Number(new URL(await cli.ready).port);
    const headers = { Authorization: "Bearer petstore-demo-key", Origin: "https://app.example.com" };
    const allowed = await nodeRequest(port, { target: "/pets/1", headers: { ...headers, Host: "mybox.local:4010" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.example.com");
    const refused = await nodeRequest(port, { target: "/pets/1", headers: { ...headers, Host: "otherbox.local" } });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).message).toContain("--allowed-host otherbox.local");
  });

  it("logs one line per request with --log", async () => {
    const cli = startCli(["--port", "0", "--log"]);
    const url = await cli.ready;
    await fetch(`${url}/pets?limit=2`, { headers: { Authorization: "Bearer petstore-demo-key" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cli.output().stdout).toMatch(/GET \/pets\?limit=2 200 listPets [\d.]+ms/);
  });
});
