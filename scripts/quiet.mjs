#!/usr/bin/env node
// `node scripts/quiet.mjs COMMAND ARGS…` runs a check and shows its output only when it fails, so a
// passing `pnpm test` stays short (attw prints a table of every entry point even when all is well).
import { runToEnd } from "@petstore/testing/process";

const [command, ...args] = process.argv.slice(2);
const { code, signal, all } = await runToEnd(command, args);
if (code !== 0) {
  process.stderr.write(all);
  console.error(
    `${[command, ...args].join(" ")} failed (${signal ?? (code === null ? "could not start" : `exit code ${code}`)})`,
  );
  process.exit(code || 1);
}
