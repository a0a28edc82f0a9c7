#!/usr/bin/env node
// `pnpm dev`: `next dev`, and a `petstore-mock` beside it on 127.0.0.1:4010 (the app's default API) unless
// PETSTORE_BASE_URL names another API or something already answers there. Ctrl-C stops both, and this script
// then exits 0. The `dev` script starts it with `exec`: a shell waiting between pnpm and it would end a Ctrl-C
// with a failure whatever this script does, and pnpm would report ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const mockPackage = require.resolve("@petstore/mock/package.json");
const MOCK_BIN = join(dirname(mockPackage), require(mockPackage).bin["petstore-mock"]);
const NEXT_BIN = join(dirname(require.resolve("next/package.json")), "dist/bin/next");
const DEFAULT_API = "http://127.0.0.1:4010";

const answers = (url) =>
  fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );

const children = [];
const run = (args, env = process.env) => {
  const child = spawn(process.execPath, args, { stdio: "inherit", env });
  children.push(child);
  return child;
};

if (!process.env.PETSTORE_BASE_URL && !(await answers(DEFAULT_API))) {
  const mock = run([MOCK_BIN, "--port", "4010"]);
  // The mock prints its URL and key; wait until it answers before the app's first page asks it.
  for (let tries = 0; tries < 100 && !(await answers(DEFAULT_API)); tries++) {
    if (mock.exitCode !== null) {
      process.exit(mock.exitCode);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const next = run([NEXT_BIN, "dev", ...process.argv.slice(2)], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" });

let stopping = false;
const stop = (signal) => {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill(signal);
    }
  }
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
next.on("exit", (code) => {
  stop("SIGTERM");
  process.exitCode = stopping ? 0 : (code ?? 1);
});
