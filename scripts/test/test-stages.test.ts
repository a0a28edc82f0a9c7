// `pnpm test`'s stages (scripts/test.mjs): each is a root script, and --only / --from / --list select as documented.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { STAGES, selectStages } from "../test.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scripts: Record<string, string> = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")).scripts;

describe("pnpm test's stages", () => {
  it("are root scripts, and `pnpm test` runs them", () => {
    expect(STAGES.filter((stage) => scripts[stage] === undefined)).toEqual([]);
    expect(scripts.test).toBe("node scripts/test.mjs");
  });

  it("all run without arguments, in order", () => {
    expect(selectStages([])).toEqual({ list: false, stages: STAGES });
  });

  it("--only runs the stages it names, in stage order", () => {
    expect(selectStages(["--only", "test:unit", "--only=lint"])).toEqual({
      list: false,
      stages: ["lint", "test:unit"],
    });
  });

  it("--from runs that stage and every one after it; a `--` from pnpm is ignored", () => {
    expect(selectStages(["--", "--from", "test:msw3"])).toEqual({ list: false, stages: ["test:msw3", "bench:smoke"] });
  });

  it("refuses an unknown stage, naming the stages", () => {
    expect(() => selectStages(["--only", "lnt"])).toThrow(/no stage is named lnt; the stages: lint, lint:openapi/);
    expect(() => selectStages(["--from", "lint", "--only", "build"])).toThrow(/do not go together/);
    expect(() => selectStages(["--fast"])).toThrow(/unknown argument --fast/);
  });

  it("--list prints each stage and what it runs, and runs none", () => {
    const printed = execFileSync(process.execPath, ["scripts/test.mjs", "--list"], { cwd: ROOT, encoding: "utf8" });
    expect(
      printed
        .trim()
        .split("\n")
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(STAGES);
    expect(printed).toContain("biome check .");
  });
});
