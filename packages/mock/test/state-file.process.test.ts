import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../src/index.js";

// petstore-mock --state FILE (issue 27, item 5; every session: state-sessions.process.test.ts): the default store
// survives a stop (SIGTERM) and a crash (kill -9), a file that is not a state is refused (exit 2) and left byte for
// byte, and the file is whole and current while requests write. The CLI runs from src/, so no build is needed.
afterEach(killStarted);
const fromSource = { from: "source" } as const;
const folder = mkdtempSync(join(tmpdir(), "petstore-state-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(folder, `state-${++files}.json`);

const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };

async function createPet(url: string, name: string): Promise<number> {
  const response = await fetch(`${url}/pets`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function petName(url: string, id: number): Promise<string | undefined> {
  const response = await fetch(`${url}/pets/${id}`, { headers });
  return response.status === 200 ? ((await response.json()) as { name: string }).name : undefined;
}

/** The default session's pets' names in the file as it is now (it must parse: it is never half-written). */
const namesInFile = (path: string): string[] =>
  (
    JSON.parse(readFileSync(path, "utf8")) as { sessions: { default: { pets: { name: string }[] } } }
  ).sessions.default.pets.map((pet) => pet.name);

/** Polls the file every 10 ms until `check` holds; the test's own time-out bounds the wait. */
async function untilFile(path: string, check: (names: string[]) => boolean): Promise<void> {
  while (!check(namesInFile(path))) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("petstore-mock --state FILE", () => {
  it("creates a missing FILE from the start data, says so, and writes it as readable JSON", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path, "--seed", "3"], fromSource);
    await cli.printed(/State: /);
    expect(cli.output().stdout).toMatch(/State: .*state-\d+\.json created \(3 pets, 6 categories/);
    const text = readFileSync(path, "utf8");
    expect(text).toMatch(
      /^\{\n {2}"format": "petstore-state",\n {2}"version": 1,\n {2}"start": \{ "seed": 3 \},\n {2}"sessions": \{\n {4}"default": \{\n {6}"format": "petstore-snapshot",\n {6}"version": 1,\n {6}"categories": \[\n {8}\{\n {10}"id": 1,/,
    );
    expect(namesInFile(path)).toEqual(["Rex", "Misty", "Bella"]);
  });

  it("keeps a pet created before SIGTERM, and the file wins over --seed on the next start", async () => {
    const path = newPath();
    const first = await startCli(["--state", path], fromSource);
    const id = await createPet(first.url, "Kept through SIGTERM");
    expect(await first.stop()).toEqual({ code: 0, signal: null });

    const second = await startCli(["--state", path, "--seed", "5"], fromSource);
    await second.printed(/State: /);
    expect(second.output().stdout).toContain(`loaded from ${path} (21 pets`);
    expect(await petName(second.url, id)).toBe("Kept through SIGTERM");
  });

  it("keeps a pet created one second before kill -9", async () => {
    const path = newPath();
    const first = await startCli(["--state", path], fromSource);
    const id = await createPet(first.url, "Kept through kill -9");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });

    const second = await startCli(["--state", path], fromSource);
    expect(await petName(second.url, id)).toBe("Kept through kill -9");
  });

  it("writes the file within 250 ms of the response, as documented (polled, no timing asserted)", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path, "--empty"], fromSource);
    await fetch(`${cli.url}/categories`, { method: "POST", headers, body: JSON.stringify({ name: "Dogs" }) });
    await createPet(cli.url, "Written soon");
    await untilFile(path, (names) => names.includes("Written soon"));
  });

  it("always holds a whole, parseable file while a burst of writes goes on", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path], fromSource);
    let writing = true;
    const burst = (async () => {
      for (let index = 0; index < 150; index++) {
        await createPet(cli.url, `Burst ${index}`);
      }
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      // Throws, failing the test, if the file were ever missing or half-written.
      namesInFile(path);
      reads++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await burst;
    expect(reads).toBeGreaterThan(10);
    await untilFile(path, (names) => names.includes("Burst 149"));
  });

  it("leaves a whole file when killed with -9 while writes go on, and starts from it", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path], fromSource);
    let killed = false;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let index = 0; !killed; index++) {
        try {
          await createPet(cli.url, `Writer ${writer} pet ${index}`);
        } catch (error) {
          // The requests cut short by the kill fail; any other failure fails the test.
          if (!killed) {
            throw error;
          }
        }
      }
    });
    await untilFile(path, (names) => names.length > 60);
    killed = true;
    cli.child.kill("SIGKILL");
    await cli.exited;
    await Promise.all(writers);

    const names = namesInFile(path);
    expect(names.length).toBeGreaterThan(60);
    const restarted = await startCli(["--state", path], fromSource);
    const listed = await fetch(`${restarted.url}/pets?limit=1`, { headers });
    expect(listed.headers.get("X-Total-Count")).toBe(String(names.length));
  });

  /** Ways a FILE goes wrong, each made from a valid one. */
  const corruptions: Record<string, { corrupt: (valid: string) => string; problem: RegExp }> = {
    "not JSON": { corrupt: () => "this is not JSON\n", problem: /is not a state file of the mock: not JSON/ },
    truncated: { corrupt: (valid) => valid.slice(0, valid.length / 2), problem: /: not JSON: / },
    "a record with a bad field": {
      corrupt: (valid) => {
        const state = JSON.parse(valid);
        state.sessions.default.pets[1].status = "lost";
        return JSON.stringify(state, null, 2);
      },
      problem: /sessions\.default\.pets\[1\]\.status must be one of: available, pending, sold \(got "lost"\)/,
    },
    "of an unknown format": {
      corrupt: () => '{ "format": "petstore-stash", "version": 1, "sessions": {} }',
      problem: /: format must be one of: petstore-state \(got "petstore-stash"\)/,
    },
    "a collection missing": {
      corrupt: () => '{ "format": "petstore-snapshot", "version": 1, "pets": [] }',
      problem: /: categories is required/,
    },
  };
  for (const [kind, { corrupt, problem }] of Object.entries(corruptions)) {
    it(`refuses a FILE that is ${kind}: exit 2, the file and the problem named, the file untouched`, async () => {
      const path = newPath();
      const good = newPath();
      await (await startCli(["--state", good, "--seed", "3"], fromSource)).stop();
      const content = corrupt(readFileSync(good, "utf8"));
      writeFileSync(path, content);
      const before = readFileSync(path);

      const run = await runCli(["--state", path], fromSource);

      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--state ${path}`);
      expect(run.stderr).toMatch(problem);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(readFileSync(path).equals(before)).toBe(true);
    });
  }

  it("refuses --state without a file name (exit 2)", async () => {
    const run = await runCli(["--state", ""], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--state must name a file");
  });

  it("refuses a FILE that is a folder (exit 2), naming it", async () => {
    const run = await runCli(["--state", folder], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--state ${folder} is a folder`);
  });

  it("refuses a FILE in a folder that does not exist: exit 2, the folder named", async () => {
    const missing = join(folder, "no-such-folder");
    const run = await runCli(["--state", join(missing, "state.json")], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`the folder ${missing} of --state`);
  });
});
