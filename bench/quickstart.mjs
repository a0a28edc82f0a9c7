// 15. Quickstart: a new user's first minute. From `git clone` of this repository (its last commit) to the SDK's
// first answer under `pnpm start`, the README's first command after pnpm itself, with an empty pnpm store: every
// package comes from the registry, as on a new machine. The smoke run takes the packages from the machine's store.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnWatched } from "@petstore/testing/process";
import { log, ROOT } from "./lib/common.mjs";

const seconds = (from, to) => (to - from) / 1000;

export default async function quickstart({ smoke }) {
  const dir = mkdtempSync(path.join(tmpdir(), "petstore-quickstart-"));
  const repo = path.join(dir, "repo");
  const env = smoke ? process.env : { ...process.env, npm_config_store_dir: path.join(dir, "store") };
  try {
    const started = performance.now();
    execFileSync("git", ["clone", "-q", ROOT, repo]);
    const cloned = performance.now();
    const start = spawnWatched("pnpm", ["start", "--port", "0"], {
      cwd: repo,
      env,
      detached: true,
      name: "pnpm start",
    });
    try {
      await start.printed(/^Installed in/m, { timeoutMs: 600_000 });
      const installed = performance.now();
      await start.printed(/^ {2}SDK: GET \/pets → /m, { timeoutMs: 300_000 });
      const answered = performance.now();
      const result = {
        emptyStore: !smoke,
        clone: seconds(started, cloned),
        install: seconds(cloned, installed),
        buildAndServe: seconds(installed, answered),
        total: seconds(started, answered),
      };
      log(`quickstart: clone → first SDK answer ${result.total.toFixed(1)} s (install ${result.install.toFixed(1)} s)`);
      return result;
    } finally {
      await start.stop({ signal: "SIGINT" });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
