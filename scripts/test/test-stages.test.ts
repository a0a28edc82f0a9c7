// `pnpm test`'s stages (scripts/test.mjs): each is a root script, and --only / --from / --list select as documented.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BESIDE, batches, STAGES, selectStages, TOGETHER } from "../test.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scripts: Record<string, string> = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")).scripts;

describe("pnpm test's stages", () => {
  it("are root scripts, and `pnpm test` runs them", () => {
    expect(STAGES.filter((stage) => scripts[stage] === undefined)).toEqual([]);
    expect(scripts.test).toBe("node scripts/test.mjs");
  });

  it("hold the change gate: `pnpm api:diff` against the last release, quiet unless a declared bump falls short", () => {
    expect(STAGES).toContain("api:diff:check");
    expect(scripts["api:diff:check"]).toBe(`${scripts["api:diff"]} --quiet`);
    expect(BESIDE.build.flatMap((lane) => lane.stages)).toContain("api:diff:check");
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
    const lines = printed.trim().split("\n");
    expect(lines.slice(0, STAGES.length).map((line) => line.split(/\s+/)[0])).toEqual(STAGES);
    expect(lines.slice(STAGES.length)).toEqual([
      ...TOGETHER.map((set) => `side by side, 2 at a time: ${set.join(", ")}`),
      ...Object.entries(BESIDE).flatMap(([host, lanes]) =>
        lanes.map(({ priority, stages }) => `beside ${host}, at nice ${priority}: ${stages.join(", ")}`),
      ),
    ]);
    expect(printed).toContain("biome check .");
  });

  it("runs the stages of a set side by side, longest first, the stages beside test:unit in lanes with it, every other alone", () => {
    // Each set is a run of consecutive stages: the stages between two of its members would else run out of order.
    for (const set of TOGETHER) {
      const at = set.map((stage) => STAGES.indexOf(stage)).sort((a, b) => a - b);
      expect(at, set.join(", ")).toEqual(at.map((_, index) => (at[0] ?? 0) + index));
    }
    const alone = (stage: string) => ({ stages: [stage], beside: [] });
    expect(batches(STAGES)).toEqual([
      {
        stages: ["build"],
        beside: [
          { priority: 0, stages: ["lint", "lint:openapi", "lint:spectral", "generate:check", "api:diff:check"] },
        ],
      },
      {
        stages: ["test:unit"],
        beside: [
          { priority: 19, stages: ["typecheck", "test:exports"] },
          { priority: 5, stages: ["test:msw3", "test:playwright", "test:jest"] },
          { priority: 5, stages: ["bench:smoke", "test:next", "test:samples"] },
        ],
      },
    ]);
    // Without test:unit selected, the stages that would run beside it run in their places, as a set or alone.
    expect(batches(["typecheck", "test:exports", "test:jest", "test:samples"])).toEqual([
      alone("typecheck"),
      alone("test:exports"),
      { stages: ["test:samples", "test:jest"], beside: [] },
    ]);
    expect(batches(["test:exports", "test:unit", "test:jest"])).toEqual([
      {
        stages: ["test:unit"],
        beside: [
          { priority: 19, stages: ["test:exports"] },
          { priority: 5, stages: ["test:jest"] },
        ],
      },
    ]);
  });
});
