// An earlier build of the mock to set this one against (`pnpm bench --baseline REF|DIR`): a git commit,
// checked out once into a worktree outside the repository (os.tmpdir()), installed offline and built, and
// reused by later runs; or a checkout whose packages/mock is built already.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { log, ROOT } from "./common.mjs";

/**
 * The build before the request pipeline (serve/pipeline.ts, issue 36): the standalone server's throughput
 * and CPU per request are held to it. A later run may name another commit or folder with --baseline.
 */
export const DEFAULT_BASELINE = "0f84292";

const CLI = "packages/mock/dist/cli.js";
const BIN = "packages/mock/bin/petstore-mock.js";

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The folder of the baseline checkout, its bin, and the commit it is at; prepares it when it is a commit not built yet. */
export function baselineBuild(baseline = DEFAULT_BASELINE) {
  const asFolder = resolve(ROOT, baseline);
  if (existsSync(join(asFolder, CLI))) {
    return { dir: asFolder, bin: join(asFolder, BIN), label: describe(asFolder) };
  }
  let commit;
  try {
    commit = run("git", ["rev-parse", "--verify", `${baseline}^{commit}`], ROOT);
  } catch {
    throw new Error(`--baseline ${baseline}: neither a folder with a built ${CLI} nor a commit of this repository`);
  }
  const dir = join(tmpdir(), "petstore-bench-baseline", commit.slice(0, 12));
  if (!existsSync(join(dir, CLI))) {
    log(`baseline: checking out ${commit.slice(0, 7)} into ${dir}, installing and building the mock (once)…`);
    if (!existsSync(join(dir, "package.json"))) {
      run("git", ["worktree", "add", "--detach", "--force", dir, commit], ROOT);
    }
    try {
      run("pnpm", ["install", "--offline", "--frozen-lockfile"], dir);
    } catch {
      run("pnpm", ["install", "--frozen-lockfile"], dir);
    }
    run("pnpm", ["--filter", "@petstore/mock", "build"], dir);
  }
  return { dir, bin: join(dir, BIN), label: describe(dir) };
}

/** The commit a checkout is at, short. */
function describe(dir) {
  try {
    return run("git", ["rev-parse", "--short", "HEAD"], dir);
  } catch {
    return dir;
  }
}
