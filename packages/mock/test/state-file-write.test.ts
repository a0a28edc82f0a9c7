import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeFileAtomically } from "../src/state/state-file.js";

// How petstore-mock --state replaces its file (the crash cases are in state-file.process.test.ts).
const folder = mkdtempSync(join(tmpdir(), "petstore-write-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("writing the state file", () => {
  it("replaces the file whole, keeps its permissions, and leaves no temporary file behind", async () => {
    const path = join(folder, "state.json");
    writeFileSync(path, "old\n");
    chmodSync(path, 0o600);

    await writeFileAtomically(path, "new\n");

    expect(readFileSync(path, "utf8")).toBe("new\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(["state.json"]);
  });

  it("creates a missing file", async () => {
    const path = join(folder, "new.json");
    await writeFileAtomically(path, "{}\n");
    expect(readFileSync(path, "utf8")).toBe("{}\n");
  });
});
