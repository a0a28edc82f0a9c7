// An earlier build of the mock to set this one against (`pnpm bench --baseline REF|DIR`): a git commit, built
// once outside the repository (os.tmpdir()) and reused by later runs; or a checkout whose packages/mock is built.
// A commit whose pnpm-lock.yaml is this checkout's is built cheaply (a few CPU-seconds, what the CI gate can
// afford): its packages/mock alone, from `git archive`, on this checkout's node_modules (the same lockfile installs
// the same packages), by tsup, ESM without declarations. Any other commit (or one whose mock alone does not build)
// is checked out into a git worktree, installed (offline from the pnpm store when it can) and its mock built as
// `pnpm build` builds it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { log, ROOT } from "./common.mjs";

/**
 * The build before the request pipeline (serve/pipeline.ts, issue 36): build-ab holds the standalone server's
 * throughput and CPU per request to it. A later run may name another commit or folder with --baseline.
 */
export const DEFAULT_BASELINE = "0f84292";

const CLI = "packages/mock/dist/cli.js";
const BIN = "packages/mock/bin/petstore-mock.js";
/** What the mock's tsup build reads, besides node_modules. */
const SOURCES = ["tsconfig.base.json", "packages/mock/package.json", "packages/mock/tsconfig.json"];
const SOURCE_DIRS = ["packages/mock/src", "packages/mock/bin", "packages/mock/scripts", "packages/mock/tsup.config.ts"];

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The full commit `ref` names in this repository, or an error saying what --baseline takes. */
export function commitOf(ref) {
  try {
    return run("git", ["rev-parse", "--verify", `${ref}^{commit}`], ROOT);
  } catch {
    throw new Error(`--baseline ${ref}: neither a folder with a built ${CLI} nor a commit of this repository`);
  }
}

/** The folder of the baseline checkout, its bin, and the commit it is at; prepares it when it is a commit not built yet. */
export function baselineBuild(baseline = DEFAULT_BASELINE) {
  const asFolder = resolve(ROOT, baseline);
  if (existsSync(join(asFolder, CLI))) {
    return { dir: asFolder, bin: join(asFolder, BIN), label: describe(asFolder) };
  }
  const commit = commitOf(baseline);
  const label = commit.slice(0, 7);
  const inWorktree = join(tmpdir(), "petstore-bench-baseline", commit.slice(0, 12));
  const mockOnly = `${inWorktree}-mock`;
  const built = (dir) => ({ dir, bin: join(dir, BIN), label });
  for (const dir of [mockOnly, inWorktree]) {
    if (existsSync(join(dir, CLI))) {
      return built(dir);
    }
  }
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (sameFile(commit, "pnpm-lock.yaml")) {
    log(`baseline: building ${label}'s packages/mock into ${mockOnly} on this checkout's node_modules (once)…`);
    try {
      buildMockOnly(commit, mockOnly);
      log(`baseline: ${label} built in ${took()}`);
      return built(mockOnly);
    } catch (error) {
      // Its build may read a file outside packages/mock that this one does not: the whole checkout has it.
      log(`baseline: ${label}'s packages/mock alone did not build (${String(error.message).split("\n")[0]})`);
    }
  }
  log(`baseline: checking out ${label} into ${inWorktree}, installing and building the mock (once)…`);
  buildInWorktree(commit, inWorktree);
  log(`baseline: ${label} built in ${took()}`);
  return built(inWorktree);
}

/** Whether `path` at `commit` is the file this checkout has (committed or not). */
function sameFile(commit, path) {
  try {
    return run("git", ["rev-parse", `${commit}:${path}`], ROOT) === run("git", ["hash-object", path], ROOT);
  } catch {
    return false;
  }
}

/** Whether `path` exists at `commit`. */
function inCommit(commit, path) {
  try {
    run("git", ["cat-file", "-e", `${commit}:${path}`], ROOT);
    return true;
  } catch {
    return false;
  }
}

/** packages/mock of `commit`, built by this checkout's tsup on this checkout's node_modules (same lockfile). */
export function buildMockOnly(commit, dir) {
  mkdirSync(dir, { recursive: true });
  // An older commit may not have every one of them (packages/mock/scripts came later).
  const present = [...SOURCES, ...SOURCE_DIRS].filter((path) => inCommit(commit, path));
  const archive = execFileSync("git", ["archive", "--format=tar", commit, ...present], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  for (const folder of ["node_modules", "packages/mock/node_modules"]) {
    if (!existsSync(join(dir, folder))) {
      symlinkSync(join(ROOT, folder), join(dir, folder), "dir");
    }
  }
  // ESM only, no declarations: what the bench runs (the CLI and the ESM entries), at half the CPU of all formats.
  const tsup = join(ROOT, "node_modules/tsup/dist/cli-default.js");
  run(process.execPath, [tsup, "--silent", "--no-dts", "--format", "esm"], join(dir, "packages/mock"));
}

/** `commit` checked out into a git worktree at `dir`, installed and its mock built as `pnpm build` builds it. */
function buildInWorktree(commit, dir) {
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

/** The commit a checkout is at, short. */
function describe(dir) {
  try {
    return run("git", ["rev-parse", "--short", "HEAD"], dir);
  } catch {
    return dir;
  }
}
