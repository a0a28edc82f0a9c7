import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, startCli } from "@petstore/testing/cli";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { contract, createPetstoreFetch, createPetstoreStore, DEMO_API_KEY, seed } from "../../src/index.js";

// Issue 48, item 4: with --state FILE, a session that only read was listed but not written to the file; after a
// restart it, and every session created from then on, started from the default session's saved data instead of the
// start data (--seed, --empty), and a reset of `default` without a body went back to the file's default. The file now
// holds every listed session and records how the start data is made (`start`); a file written before it (the
// fixture) loads, its new sessions from the start data of the flags, which it records at the first write.
afterEach(killStarted);
const folder = mkdtempSync(join(tmpdir(), "petstore-start-data-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(folder, `state-${++files}.json`);
const BEFORE_START_DATA = new URL("./fixtures/state-file-before-start-data.json", import.meta.url);

const headers = (session?: string) => ({
  Authorization: `Bearer ${DEMO_API_KEY}`,
  "Content-Type": "application/json",
  ...(session === undefined ? {} : { [contract.sessionHeader.name]: session }),
});
const READS = ["/pets?limit=100", "/categories?limit=100", "/store/orders?limit=100", "/store/inventory?limit=100"];

/** What a session's lists answer, byte for byte. */
const reads = (url: string, session?: string) =>
  Promise.all(READS.map(async (path) => (await fetch(`${url}${path}`, { headers: headers(session) })).text()));

const post = (url: string, path: string, body?: unknown, session?: string) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: headers(session),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const sessionNames = async (url: string) =>
  ((await (await fetch(`${url}/__petstore/sessions`, { headers: headers() })).json()) as { name: string }[]).map(
    (session) => session.name,
  );

// biome-ignore lint/suspicious/noExplicitAny: the test reads the file as a person would.
const fileOf = (path: string): any => JSON.parse(readFileSync(path, "utf8"));

describe("petstore-mock --state FILE: a session reads the same after a restart", () => {
  it.each([
    [["--seed", "5"], { seed: 5 }],
    [["--empty"], { empty: true }],
  ])("with %j: a session that only read, one created after the restart and a reset default", async (flags, start) => {
    const path = newPath();
    const first = await startCli(["--state", path, ...flags], { from: "source" });
    const before = await reads(first.url, "reader");
    if ("seed" in start) {
      expect((await post(first.url, "/pets", { name: "Default pet", categoryId: 1 })).status).toBe(201);
    }
    expect(await sessionNames(first.url)).toEqual(["default", "reader"]);
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    const saved = fileOf(path);
    expect(Object.keys(saved.sessions), "every listed session is in the file").toEqual(["default", "reader"]);
    expect(saved.start).toEqual(start);

    // Restarted without the flags: the file's start data wins, as its sessions do.
    const second = await startCli(["--state", path], { from: "source" });
    expect(await sessionNames(second.url)).toEqual(["default", "reader"]);
    expect(await reads(second.url, "reader")).toEqual(before);
    expect(await reads(second.url, "later"), "a session created after the restart").toEqual(before);
    expect((await post(second.url, "/__petstore/sessions/default/reset")).status).toBe(200);
    expect(await reads(second.url), "default reset without a body").toEqual(before);
    expect(await second.stop()).toEqual({ code: 0, signal: null });
    expect(fileOf(path).start).toEqual(start);
  });

  it("keeps a reset of default to { seed } as the start data across a restart", async () => {
    const path = newPath();
    const first = await startCli(["--state", path], { from: "source" });
    expect((await post(first.url, "/__petstore/sessions/default/reset", { seed: 2 })).status).toBe(200);
    const before = await reads(first.url, "two");
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(fileOf(path).start).toEqual({ seed: 2 });
    const second = await startCli(["--state", path], { from: "source" });
    expect(await reads(second.url, "after")).toEqual(before);
  });

  it("loads a file written before the start data was recorded, and records the flags' start data", async () => {
    const path = newPath();
    copyFileSync(BEFORE_START_DATA, path);
    const store = createPetstoreStore();
    await seed(store, { pets: 3 });
    const demo = createPetstoreFetch({ store });
    const expected = await Promise.all(
      READS.map(async (path) => (await demo(`http://127.0.0.1:4010${path}`, { headers: headers() })).text()),
    );
    const first = await startCli(["--state", path, "--seed", "3"], { from: "source" });
    await first.printed(/State: /);
    expect(first.output().stdout).toContain("this once, to the start data (recorded at the next write)");
    expect(await sessionNames(first.url)).toEqual(["default", "team"]);
    expect(JSON.parse((await reads(first.url))[0]!).map((pet: { name: string }) => pet.name)).toContain("Saved pet");
    expect(JSON.parse((await reads(first.url, "team"))[0]!).map((pet: { name: string }) => pet.name)).toContain(
      "Team pet",
    );
    expect(await reads(first.url, "fresh"), "a new session gets the start data, not default's records").toEqual(
      expected,
    );
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(fileOf(path).start).toEqual({ seed: 3 });
    const second = await startCli(["--state", path], { from: "source" });
    expect(await reads(second.url, "fresh")).toEqual(expected);
    expect(await reads(second.url, "newer")).toEqual(expected);
  });
});
