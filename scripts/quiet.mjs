#!/usr/bin/env node
// `node scripts/quiet.mjs COMMAND ARGS…` runs a check and shows its output only when it fails, so a
// passing `pnpm test` stays short (attw prints a table of every entry point even when all is well).
import { spawn } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
const output = [];
child.stdout.on("data", (chunk) => output.push(chunk));
child.stderr.on("data", (chunk) => output.push(chunk));
child.on("error", (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
child.on("close", (code, signal) => {
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    console.error(`${[command, ...args].join(" ")} failed (${signal ?? `exit code ${code}`})`);
    process.exit(code || 1);
  }
});
