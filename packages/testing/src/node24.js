#!/usr/bin/env node
// @ts-check
// Node 24's binary, for the checks that run on it (msw 3 needs Node 22+; Node 24 collects garbage differently): npx
// downloads it from the npm registry on first use and keeps it in its cache. Asking npx where it is costs about 4
// CPU-s each time, so the answer is kept in the system's temporary folder while the binary it names exists.
// Run as a script, it prints the path.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomically } from "./atomic.js";

const KEPT = join(tmpdir(), "petstore-node24", "path");

/** The path of Node 24's `node` binary, downloaded by npx on first use. */
export function node24Binary() {
  const kept = existsSync(KEPT) ? readFileSync(KEPT, "utf8").trim() : "";
  if (kept && existsSync(kept)) {
    return kept;
  }
  const binary = execFileSync("npx", ["--loglevel=error", "-y", "node@24", "-p", "process.execPath"], {
    encoding: "utf8",
    timeout: 120_000,
  }).trim();
  writeFileAtomically(KEPT, binary);
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${node24Binary()}\n`);
}
