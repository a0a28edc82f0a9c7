// Sessions on the standalone server: the CLI's bounds flags, and CORS preflights that allow the header.
import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterEach, describe, expect, it } from "vitest";
import { contract } from "../src/index.js";

const fromSource = { from: "source" } as const;
const HEADER = contract.sessionHeader.name;
const auth = { Authorization: "Bearer petstore-demo-key" };
afterEach(killStarted);

describe("petstore-mock's session flags", () => {
  it.each([
    [["--max-sessions", "0"], /--max-sessions must be a whole number from 1 to/],
    [["--max-sessions", "many"], /--max-sessions must be a whole number/],
    [["--max-records", "-3"], /--max-records must be a whole number from 1 to/],
    [["--max-records", "1e6"], /--max-records must be a whole number/],
    [["--session-ttl", "0"], /--session-ttl must be a whole number from 1 to/],
    [["--session-ttl", "1.5"], /--session-ttl must be a whole number/],
    [["--seed", "20", "--max-records", "10"], /start data holds 31 records, more than --max-records 10/],
  ])("exits 2 naming the flag for %j", async (args, reason) => {
    const run = await runCli(args, fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(reason);
  });

  it("documents the flags in --help", async () => {
    const { stdout } = await runCli(["--help"], fromSource);
    for (const flag of ["--max-sessions N", "--max-records N", "--session-ttl SECONDS"]) {
      expect(stdout).toContain(flag);
    }
  });

  it("answers 507 MOCK_LIMIT_REACHED naming --max-sessions and --max-records past them, keeping what is stored", async () => {
    const cli = await startCli(["--max-sessions", "2", "--max-records", "63", "--session-ttl", "3600"], fromSource);
    const get = (session: string) => fetch(`${cli.url}/pets`, { headers: { ...auth, [HEADER]: session } });
    expect((await get("first")).status).toBe(200);
    const refused = await get("second");
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({
      code: "MOCK_LIMIT_REACHED",
      message: expect.stringMatching(/maximum of 2 sessions \(--max-sessions\).*raise --max-sessions/),
    });
    const create = () =>
      fetch(`${cli.url}/categories`, {
        method: "POST",
        headers: { ...auth, [HEADER]: "first", "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Ferrets ${Math.random()}` }),
      });
    expect((await create()).status, "31 + 31 + 1 records fit in 63").toBe(201);
    const full = await create();
    expect(full.status).toBe(507);
    expect((await full.json()).message).toMatch(/maximum of 63 records .*\(--max-records\).*raise --max-records/);
    const kept = await fetch(`${cli.url}/categories?limit=100`, { headers: { ...auth, [HEADER]: "first" } });
    expect((await kept.json()).length, "the session kept its 7 categories").toBe(7);
  });

  it("lets pages send the header: CORS preflights allow it", async () => {
    const cli = await startCli(["--empty"], fromSource);
    const preflight = await fetch(`${cli.url}/pets`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": `authorization, content-type, ${HEADER.toLowerCase()}`,
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain(HEADER.toLowerCase());
  });
});
