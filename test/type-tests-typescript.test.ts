// The type tests (vitest's typecheck of test/**/*.test-d.ts) hold the published types to the workspace's TypeScript,
// 5.9: vitest runs the `tsc` it finds first in node_modules/.bin from the project's folder up, so a package whose
// own folder links another TypeScript (a checkout once had vue's peer, 6.0, in @petstore/query's) would test on it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const WORKSPACE_TYPESCRIPT = JSON.parse(readFileSync(path.join(ROOT, "node_modules/typescript/package.json"), "utf8"))
  .version as string;

/** The folders whose vitest config turns the typecheck on. */
const typeTested = readdirSync(path.join(ROOT, "packages")).filter((name) => {
  const config = path.join(ROOT, "packages", name, "vitest.config.ts");
  return existsSync(config) && /typecheck:\s*\{\s*enabled:\s*true/.test(readFileSync(config, "utf8"));
});

/** The `tsc` a command run in `folder` finds first (pnpm puts each node_modules/.bin up the tree on PATH). */
function firstTsc(folder: string): string {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, "node_modules/.bin/tsc");
    if (existsSync(bin)) {
      return bin;
    }
    if (dir === path.dirname(dir)) {
      throw new Error(`no node_modules/.bin/tsc from ${folder} up`);
    }
  }
}

it("finds packages whose type tests run", () => {
  expect(typeTested).toEqual(expect.arrayContaining(["mock", "query", "sdk"]));
});

it.each(typeTested)("packages/%s's type tests run on the workspace's TypeScript", (name) => {
  const tsc = firstTsc(path.join(ROOT, "packages", name));
  const version = execFileSync(tsc, ["--version"], { encoding: "utf8" }).trim();
  expect(version, `${path.relative(ROOT, tsc)}`).toBe(`Version ${WORKSPACE_TYPESCRIPT}`);
});
