import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { document } from "@petstore/contract";
import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterEach, describe, expect, it } from "vitest";
import { namedStateSnapshot } from "../src/index.js";
import { nodeRequest } from "./support/node-request.js";

// The mock's own tests run its CLI from src/, so that they need no build; the built bin
// is run by the examples, the scripts and the packed-package test.
const fromSource = { from: "source" } as const;
afterEach(killStarted);

describe("petstore-mock CLI", () => {
  it("serves an empty store on a free port with the given keys, and stops on SIGTERM", async () => {
    const cli = await startCli(["--empty", "--api-key", "k1", "--api-key", "k2"], fromSource);
    const { url } = cli;
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
    const cli = await startCli(["--seed", "5"], fromSource);
    const { url } = cli;
    await cli.printed("  Try: ");
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

  // Two versions: the package's own (its package.json) and the API's (the document's info.version,
  // through the generated contract); they move independently.
  const packageVersion: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
  const apiVersion = String(document.info.version);

  it("prints the mock's version and the API's with --version", async () => {
    expect(await runCli(["--version"], fromSource)).toMatchObject({
      code: 0,
      stdout: `petstore-mock ${packageVersion} (Petstore API ${apiVersion})\n`,
      stderr: "",
    });
  });

  it("names the API's version in --help, and --version's two", async () => {
    const run = await runCli(["--help"], fromSource);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain(`Serves every operation of the Petstore API ${apiVersion} from memory.`);
    expect(run.stdout).toContain(
      "--version              print the mock's version and the version of the API it implements",
    );
  });

  it("names both versions in its ready line", async () => {
    const cli = await startCli(["--empty"], fromSource);
    await cli.printed("listening on");
    expect(cli.output().stdout).toContain(
      `Petstore mock ${packageVersion} (Petstore API ${apiVersion}) listening on ${cli.url}`,
    );
  });

  it.each([
    [["--port", "abc"], /--port must be a whole number from 0 to 65535/],
    [["--port", "70000"], /--port must be a whole number/],
    [["--bogus"], /Unknown option '--bogus'/],
    [["--seed", "3", "--empty"], /--seed and --empty cannot be used together/],
    [["--delay", "-5"], /--delay/],
    [["--allowed-host", "my box"], /--allowed-host must be a host name/],
    [["--cors-origin", "app.example.com"], /--cors-origin must be an origin/],
    [
      ["--named-state", "manny"],
      /--named-state must be one of demo, empty, long-text, .* \(got "manny"; did you mean many\?\)/,
    ],
    [["--named-state", "many", "--empty"], /--named-state and --empty cannot be used together/],
    [["--named-state", "many", "--state", "x.json"], /--named-state and --state cannot be used together/],
    [["--named-state", "many", "--seed", "4294967296"], /--seed must be a whole number from 0 to 4294967295/],
  ])("exits non-zero with a one-line reason for %j", async (args, reason) => {
    const run = await runCli(args, fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(reason);
  });

  it("starts from a named state with --named-state, --seed its seed; a reset goes back to it", async () => {
    const cli = await startCli(["--named-state", "sold-out", "--seed", "7"], fromSource);
    const expected = namedStateSnapshot("sold-out", { seed: 7 });
    await cli.printed("  Try: ");
    expect(cli.output().stdout).toContain(
      `  Named state: sold-out (seed 7): ${expected.pets.length} pets, 6 categories, ${expected.orders.length} orders`,
    );
    const headers = { Authorization: "Bearer petstore-demo-key" };
    const state = async () => (await fetch(`${cli.url}/__petstore/sessions/default/state`, { headers })).text();
    expect(await state()).toBe(JSON.stringify(expected));
    expect((await fetch(`${cli.url}/pets/2`, { method: "DELETE", headers })).status).toBe(204);
    await fetch(`${cli.url}/__petstore/sessions/default/reset`, { method: "POST", headers });
    expect(await state()).toBe(JSON.stringify(expected));
    expect((await runCli(["--help"], fromSource)).stdout).toContain("--named-state NAME");
  });

  it("says so when the port is busy", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = await runCli(["--port", String(port)], fromSource);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it("answers the hosts given by --allowed-host and lets in the pages of --cors-origin", async () => {
    const cli = await startCli(
      ["--allowed-host", "mybox.local", "--cors-origin", "https://app.example.com"],
      fromSource,
    );
    const port = Number(new URL(cli.url).port);
    const headers = { Authorization: "Bearer petstore-demo-key", Origin: "https://app.example.com" };
    const allowed = await nodeRequest(port, { target: "/pets/1", headers: { ...headers, Host: "mybox.local:4010" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.example.com");
    const refused = await nodeRequest(port, { target: "/pets/1", headers: { ...headers, Host: "otherbox.local" } });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).message).toContain("--allowed-host otherbox.local");
  });

  it("logs one line per request with --log", async () => {
    const cli = await startCli(["--log"], fromSource);
    const { url } = cli;
    await fetch(`${url}/pets?limit=2`, { headers: { Authorization: "Bearer petstore-demo-key" } });
    const line = /GET \/pets\?limit=2 200 listPets [\d.]+ms\n/;
    await cli.printed(line, { timeoutMs: 10_000 });
    expect(cli.output().stdout).toMatch(line);
    // A request in a session names it at the end of its line (a request without the header, `default`, does not).
    await fetch(`${url}/pets/1`, {
      headers: { Authorization: "Bearer petstore-demo-key", "X-Petstore-Session": "checkout-1" },
    });
    const inSession = /GET \/pets\/1 200 getPet [\d.]+ms session=checkout-1\n/;
    await cli.printed(inSession, { timeoutMs: 10_000 });
    expect(cli.output().stdout).toMatch(inSession);
  });
});
