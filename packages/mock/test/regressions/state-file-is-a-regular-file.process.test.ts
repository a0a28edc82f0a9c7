import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";

// Issue 35, item 8: a named pipe given as the state file hung the start (SIGTERM did not end it); a
// symbolic link was replaced by a regular file on the first write, its target left stale; a UTF-8 BOM
// was accepted by `PUT …/state` but refused in a state file. Now a path that is not a regular file is
// refused at start (exit 2, named), a link is followed (its target written atomically in its own
// folder, the link kept), and one BOM is accepted in both places.
afterEach(killStarted);
const fromSource = { from: "source" } as const;
const folder = mkdtempSync(join(tmpdir(), "petstore-state-kind-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };

const snapshot = {
  format: "petstore-snapshot",
  version: 1,
  categories: [{ id: 1, name: "Dogs" }],
  pets: [{ id: 1, name: "Rex", categoryId: 1, status: "available" }],
  orders: [],
  inventory: [{ petId: 1, quantity: 1, status: "available" }],
};
/** The default session's pets in a state file the mock wrote (every session by name, issue 36). */
const petNamesIn = (path: string): string[] =>
  (JSON.parse(readFileSync(path, "utf8")) as { sessions: { default: typeof snapshot } }).sessions.default.pets.map(
    (pet) => pet.name,
  );

describe("a --state path that is not a regular file", () => {
  it.skipIf(process.platform === "win32")("refuses a named pipe (FIFO) at once: exit 2, naming it", async () => {
    const fifo = join(folder, "pipe.json");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const run = await runCli(["--state", fifo], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--state ${fifo} is a named pipe (FIFO), not a regular file`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(!existsSync("/dev/null"))("refuses a device (/dev/null): exit 2, naming it", async () => {
    const run = await runCli(["--state", "/dev/null"], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--state /dev/null is a device, not a regular file");
  });
});

describe("a --state path that is a symbolic link", () => {
  it.skipIf(process.platform === "win32")("is followed: the target is read and written, the link stays", async () => {
    const targets = join(folder, "targets");
    mkdirSync(targets);
    const target = join(targets, "state.json");
    writeFileSync(target, JSON.stringify(snapshot));
    const link = join(folder, "linked.json");
    symlinkSync(target, link);

    const cli = await startCli(["--state", link], fromSource);
    const created = await fetch(`${cli.url}/pets`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Written through the link", categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(await cli.stop()).toEqual({ code: 0, signal: null });

    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(petNamesIn(target)).toEqual(["Rex", "Written through the link"]);
    // The temporary file was written beside the target, and is gone.
    expect(readdirSync(targets)).toEqual(["state.json"]);
  });

  it.skipIf(process.platform === "win32")("refuses a link to nothing: exit 2, naming both", async () => {
    const link = join(folder, "dangling.json");
    symlinkSync(join(folder, "no-such-target.json"), link);
    const run = await runCli(["--state", link], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--state ${link} is a symbolic link to ${join(folder, "no-such-target.json")}`);
  });
});

describe("a UTF-8 byte order mark", () => {
  const withBom = `\uFEFF${JSON.stringify(snapshot)}`;

  it("is accepted at the start of a state file, as PUT …/state accepts it", async () => {
    const path = join(folder, "bom.json");
    writeFileSync(path, withBom);
    const cli = await startCli(["--state", path], fromSource);
    await cli.printed(/State: /);
    expect(cli.output().stdout).toContain(`loaded from ${path} (1 pets`);

    const put = await fetch(`${cli.url}/__petstore/sessions/other/state`, {
      method: "PUT",
      headers,
      body: withBom,
    });
    expect(put.status).toBe(200);
  });

  it("is refused twice over, in a file as in PUT …/state", async () => {
    const twice = `\uFEFF${withBom}`;
    const path = join(folder, "two-boms.json");
    writeFileSync(path, twice);
    const run = await runCli(["--state", path], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--state ${path} is not a state file of the mock: not JSON`);

    const cli = await startCli(["--empty"], fromSource);
    const put = await fetch(`${cli.url}/__petstore/sessions/default/state`, { method: "PUT", headers, body: twice });
    expect(((await put.json()) as { code: string }).code).toBe("INVALID_JSON");
  });

  it("refuses a file that is not UTF-8, as PUT …/state refuses such a body", async () => {
    const path = join(folder, "latin1.json");
    writeFileSync(path, Buffer.from(JSON.stringify(snapshot).replace("Rex", "R\u00e9x"), "latin1"));
    const run = await runCli(["--state", path], fromSource);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--state ${path} is not a state file of the mock: not valid UTF-8`);
  });
});
