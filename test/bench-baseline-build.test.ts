// The gate's and build-ab's baseline (bench/lib/baseline-build.mjs): a commit's packages/mock alone, from `git
// archive`, built on this checkout's node_modules. The mock's tsup.config.ts came to import packages/mock/scripts/,
// which the archive left out: the build failed, and the gate fell back to a whole checkout and install in CI.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildMockOnly } from "../bench/lib/baseline-build.mjs";

const dir = mkdtempSync(join(tmpdir(), "petstore-baseline-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("builds this commit's packages/mock alone, from what git archive brings", () => {
  const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  buildMockOnly(head, dir);
  expect(existsSync(join(dir, "packages/mock/dist/cli.js"))).toBe(true);
});
