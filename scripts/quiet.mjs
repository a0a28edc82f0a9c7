#!/usr/bin/env node
// `node scripts/quiet.mjs COMMAND ARGS…` runs a check and shows its output only when it fails, so a
// passing `pnpm test` stays short (attw prints a table of every entry point even when all is well).
import { fileURLToPath } from "node:url";
import { runToEnd } from "@petstore/testing/process";

/** Runs `command ARGS`; prints what it printed and a line naming it only when it fails. Resolves with its exit code. */
export async function runQuietly(/** @type {string} */ command, /** @type {string[]} */ args) {
  const { code, signal, all } = await runToEnd(command, args);
  if (code !== 0) {
    process.stderr.write(all);
    console.error(
      `${[command, ...args].join(" ")} failed (${signal ?? (code === null ? "could not start" : `exit code ${code}`)})`,
    );
  }
  return code === 0 ? 0 : code || 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  process.exitCode = await runQuietly(/** @type {string} */ (command), args);
}
