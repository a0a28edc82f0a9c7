import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { contract, DEMO_API_KEY } from "../src/index.js";

// petstore-mock --state FILE keeps every session, not only `default` (issue 36, item 3): a named session
// survives a restart, a deleted one leaves the file, a file of the earlier format (one snapshot) still loads as
// `default`, and a file past the session bounds is refused at start, untouched. The CLI runs from src/.
afterEach(killStarted);
const fromSource = { from: "source" } as const;
const HEADER = contract.sessionHeader.name;
const folder = mkdtempSync(join(tmpdir(), "petstore-state-sessions-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(folder, `state-${++files}.json`);

const headers = (session?: string) => ({
  Authorization: `Bearer ${DEMO_API_KEY}`,
  "Content-Type": "application/json",
  ...(session === undefined ? {} : { [HEADER]: session }),
});

async function createPet(url: string, name: string, session?: string): Promise<number> {
  const response = await fetch(`${url}/pets`, {
    method: "POST",
    headers: headers(session),
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function petName(url: string, id: number, session?: string): Promise<string | undefined> {
  const response = await fetch(`${url}/pets/${id}`, { headers: headers(session) });
  return response.status === 200 ? ((await response.json()) as { name: string }).name : undefined;
}

const sessionNames = async (url: string) =>
  ((await (await fetch(`${url}/__petstore/sessions`, { headers: headers() })).json()) as { name: string }[]).map(
    (session) => session.name,
  );

// biome-ignore lint/suspicious/noExplicitAny: the test reads the file as a person would.
const fileOf = (path: string): any => JSON.parse(readFileSync(path, "utf8"));

describe("petstore-mock --state FILE keeps every session", () => {
  it("keeps a named session created through X-Petstore-Session across a restart, beside default", async () => {
    const path = newPath();
    const first = await startCli(["--state", path], fromSource);
    const inTeam = await createPet(first.url, "Team pet", "team-a");
    const inDefault = await createPet(first.url, "Default pet");
    expect(await first.stop()).toEqual({ code: 0, signal: null });

    const saved = fileOf(path);
    expect(saved).toMatchObject({ format: "petstore-state", version: 1 });
    expect(Object.keys(saved.sessions)).toEqual(["default", "team-a"]);
    expect(saved.sessions["team-a"].format).toBe("petstore-snapshot");

    const second = await startCli(["--state", path], fromSource);
    await second.printed(/State: /);
    expect(second.output().stdout).toMatch(/loaded from .* \(21 pets, .*\) and 1 named session/);
    expect(await sessionNames(second.url)).toEqual(["default", "team-a"]);
    expect(await petName(second.url, inTeam, "team-a")).toBe("Team pet");
    expect(await petName(second.url, inDefault)).toBe("Default pet");
    // Sessions stay apart after the restart: ids go on in each, and neither sees the other's pet.
    expect(await createPet(second.url, "Next", "team-a")).toBe(inTeam + 1);
    expect(await petName(second.url, inTeam)).toBe("Default pet");
  });

  it("removes a deleted session from the file", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path], fromSource);
    await createPet(cli.url, "Doomed", "doomed");
    await createPet(cli.url, "Kept", "kept");
    const deleted = await fetch(`${cli.url}/__petstore/sessions/doomed`, { method: "DELETE", headers: headers() });
    expect(deleted.status).toBe(204);
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
    expect(Object.keys(fileOf(path).sessions)).toEqual(["default", "kept"]);
  });

  it("loads a file of the earlier format (one snapshot) as default, and writes every session back", async () => {
    const path = newPath();
    const earlier = await startCli(["--state", newPath(), "--seed", "2"], fromSource);
    const state = await fetch(`${earlier.url}/__petstore/sessions/default/state`, { headers: headers() });
    const snapshot = (await state.json()) as { format: string; pets: { name: string }[] };
    await earlier.stop();
    expect(snapshot.format).toBe("petstore-snapshot");
    writeFileSync(path, `${JSON.stringify(snapshot, null, 2)}\n`);

    const cli = await startCli(["--state", path], fromSource);
    expect(await petName(cli.url, 2)).toBe(snapshot.pets[1]!.name);
    await createPet(cli.url, "New session's pet", "after-upgrade");
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
    const saved = fileOf(path);
    expect(Object.keys(saved.sessions)).toEqual(["default", "after-upgrade"]);
    expect(saved.sessions.default.pets).toHaveLength(2);
  });

  it("refuses a file holding more sessions than --max-sessions: exit 2, the limit named, the file untouched", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path, "--seed", "1"], fromSource);
    await createPet(cli.url, "One", "one");
    await createPet(cli.url, "Two", "two");
    await cli.stop();
    const before = readFileSync(path);

    const run = await runCli(["--state", path, "--max-sessions", "2"], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds 3 sessions, more than --max-sessions 2/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    const records = await runCli(["--state", path, "--max-records", "20"], fromSource);
    expect(records.code).toBe(2);
    expect(records.stderr).toMatch(/holds \d+ records .*more than --max-records 20/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("refuses a session of the file that is not a valid snapshot, naming its place", async () => {
    const path = newPath();
    const cli = await startCli(["--state", path, "--seed", "1"], fromSource);
    await createPet(cli.url, "Fine", "broken");
    await cli.stop();
    const file = fileOf(path);
    file.sessions.broken.pets[0].status = "lost";
    writeFileSync(path, JSON.stringify(file, null, 2));

    const run = await runCli(["--state", path], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/sessions\.broken\.pets\[0\]\.status must be one of/);
  });
});
