import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { killStarted, startCli } from "@petstore/testing/cli";
import { closedPort } from "@petstore/testing/ports";
import { runToEnd } from "@petstore/testing/process";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("../src/adopt.mjs", import.meta.url));

/** Starts `petstore-mock --port 0` (its built bin, as a user runs it) with one key. */
async function startMock(apiKey: string) {
  const mock = await startCli(["--api-key", apiKey]);
  return {
    url: mock.url,
    async stop() {
      expect(await mock.stop()).toEqual({ code: 0, signal: null });
      expect(mock.output().stdout).toContain("stopped (SIGTERM)");
    },
  };
}

/** Runs the example script to its end with the given environment. */
const runScript = (env: Record<string, string>) =>
  runToEnd(process.execPath, [script], { env: { ...process.env, ...env } });

beforeAll(() => {
  for (const built of ["../node_modules/@petstore/mock/dist/cli.js", "../node_modules/@petstore/sdk/dist/index.js"]) {
    if (!existsSync(fileURLToPath(new URL(built, import.meta.url)))) {
      throw new Error(`${built.replace("../node_modules/", "")} is missing: run \`pnpm build\` at the repository root`);
    }
  }
});

afterEach(killStarted);

describe("the node-script example", () => {
  it("runs the whole tour against the standalone mock and exits with 0", async () => {
    const mock = await startMock("node-script-key");
    const run = await runScript({ PETSTORE_BASE_URL: mock.url, PETSTORE_API_KEY: "node-script-key" });

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(`Petstore at ${mock.url}`);
    expect(run.stdout).toMatch(/Created the category "Hamsters" \(#7\)\./);
    expect(run.stdout).toMatch(/Created the pet Biscuit \(#21\); it is available\./);
    expect(run.stdout).toContain("Set the stock of Biscuit to 3.");
    expect(run.stdout).toContain(
      "Ordering 5 of Biscuit was refused (409 INSUFFICIENT_STOCK): body.quantity is 5 but pet 21 has only 3 in stock.",
    );
    expect(run.stdout).toMatch(/Placed order #\d+ for 2 of Biscuit\./);
    expect(run.stdout).toContain("Biscuit now has 1 in stock and is available.");
    expect(run.stdout).toMatch(/Order #\d+ is fulfilled\./);
    expect(run.stdout).toContain("Cancelling it now is refused too (409 ORDER_COMPLETE).");
    const total = Number(/There are (\d+) available pets\./.exec(run.stdout)?.[1]);
    expect(total).toBeGreaterThan(5);
    expect(run.stdout).toContain("  page 1:\n");
    expect(run.stdout).toContain(`  page ${Math.ceil(total / 5)}:\n`);
    expect(run.stdout).toContain("    #21 Biscuit\n");
    expect(run.stdout.match(/^ {4}#\d+ /gm)).toHaveLength(total);
    expect(run.stdout).toContain(`Listed ${total} available pets. Done.`);

    // A second run reuses the category (names are unique) and adds a second Biscuit.
    const again = await runScript({ PETSTORE_BASE_URL: mock.url, PETSTORE_API_KEY: "node-script-key" });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('The category "Hamsters" (#7) already exists; using it.');
    expect(again.stdout).toContain("Created the pet Biscuit (#22); it is available.");

    await mock.stop();
  });

  it("says in plain words when the API key is wrong, and exits with 1", async () => {
    const mock = await startMock("the-right-key");
    const run = await runScript({ PETSTORE_BASE_URL: mock.url, PETSTORE_API_KEY: "a-wrong-key" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Failed: POST \/categories: .+ \(UNAUTHORIZED\)\. Check PETSTORE_API_KEY\.\n$/);
    await mock.stop();
  });

  it("says how to start the mock when nothing answers, and exits with 1", async () => {
    const port = await closedPort();
    const run = await runScript({ PETSTORE_BASE_URL: `http://127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("(NETWORK_ERROR). Is the mock running? Start it with `pnpm start`");
  });
});
