// 15. Quickstart: a new user's first minute. From `git clone` of this repository (its last commit) to the SDK's
// first answer under `pnpm start`, the README's first command after pnpm itself, with an empty pnpm store: every
// package comes from the registry, as on a new machine. The baseline, measured in the same run: the same start
// after a whole `pnpm install` (every example's runtime and framework), as the quickstart was before. The smoke
// run (`--smoke --only quickstart`; `pnpm bench:smoke` leaves it out, as test/quickstart.test.ts runs the same start
// in `pnpm test`) takes the packages from the machine's store, starts from a copy of the working tree with its
// builds (no clone, no rebuild of what `pnpm build` built) and has no baseline.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runToEnd, spawnWatched } from "@petstore/testing/process";
import { log, ROOT } from "./lib/common.mjs";

const seconds = (from, to) => (to - from) / 1000;

/** Clone → first SDK answer; `installFirst` runs a whole `pnpm install` before `pnpm start`. */
async function firstAnswer({ smoke, installFirst }) {
  const dir = mkdtempSync(path.join(tmpdir(), "petstore-quickstart-"));
  const repo = path.join(dir, "repo");
  const env = smoke ? process.env : { ...process.env, npm_config_store_dir: path.join(dir, "store") };
  try {
    const started = performance.now();
    if (smoke) {
      cpSync(ROOT, repo, {
        recursive: true,
        preserveTimestamps: true,
        filter: (source) => !/(^|\/)(node_modules|\.git|\.tmp)$/.test(path.relative(ROOT, source)),
      });
    } else {
      execFileSync("git", ["clone", "-q", ROOT, repo]);
    }
    const cloned = performance.now();
    if (installFirst) {
      const { code, all } = await runToEnd("pnpm", ["install", "--frozen-lockfile"], { cwd: repo, env });
      if (code !== 0) {
        throw new Error(`pnpm install failed:\n${all}`);
      }
    }
    const start = spawnWatched("pnpm", ["start", "--port", "0"], {
      cwd: repo,
      env,
      detached: true,
      name: "pnpm start",
    });
    try {
      if (!installFirst) {
        await start.printed(/^Installed in/m, { timeoutMs: 600_000 });
      }
      const installed = performance.now();
      await start.printed(/^ {2}SDK: GET \/pets → /m, { timeoutMs: 300_000 });
      const answered = performance.now();
      return {
        clone: seconds(started, cloned),
        install: seconds(cloned, installed),
        buildAndServe: seconds(installed, answered),
        total: seconds(started, answered),
      };
    } finally {
      await start.stop({ signal: "SIGINT" });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function quickstart({ smoke }) {
  const light = await firstAnswer({ smoke, installFirst: false });
  log(`quickstart: clone → first SDK answer ${light.total.toFixed(1)} s (install ${light.install.toFixed(1)} s)`);
  if (smoke) {
    return { emptyStore: false, light };
  }
  const whole = await firstAnswer({ smoke, installFirst: true });
  log(`quickstart after a whole pnpm install: ${whole.total.toFixed(1)} s (install ${whole.install.toFixed(1)} s)`);
  return { emptyStore: true, light, whole };
}
