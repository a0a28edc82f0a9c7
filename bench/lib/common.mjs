// Helpers shared by the measurements: child processes that are always stopped, timing, statistics.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { killStarted, spawnWatched } from "@petstore/testing/process";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** A workspace package's folder, found as Node finds the package from the repository's root. */
const folderOf = (name) => dirname(createRequire(`${ROOT}package.json`).resolve(`${name}/package.json`));
/** The SDK's folder, to reach the very openapi-fetch it depends on (the baseline it is set against). */
export const SDK_DIR = folderOf("@petstore/sdk");
export const QUERY_DIR = folderOf("@petstore/query");
export const MOCK_DIR = folderOf("@petstore/mock");
export const API_KEY = "petstore-demo-key";
export const AUTH = { Authorization: `Bearer ${API_KEY}` };
/** The most requests a smoke run's autocannon load sends (lib/load.mjs; it stops at its duration if that comes first). */
export const SMOKE_REQUESTS = 200;
/** The base URL of the in-process measurements (no server listens there). */
export const BASE_URL = "http://127.0.0.1:4010";

/**
 * No server started through @petstore/testing outlives the bench, even when a measurement throws or
 * the bench is stopped (the runner sends its measurement process SIGTERM, handled here).
 */
process.on("exit", killStarted);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => process.exit(130));
}

/** Starts the raw node:http baseline (raw-server.mjs) answering with `captured`; resolves once it prints its URL. */
export async function startRawServer(captured) {
  const file = fileURLToPath(new URL("./raw-server.mjs", import.meta.url));
  const server = spawnWatched(process.execPath, [file, JSON.stringify(captured)], { name: "raw-server.mjs" });
  return { ...server, url: await server.printed(/http:\/\/127\.0\.0\.1:\d+/, { timeoutMs: 20_000 }) };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export async function cpuMs(pid) {
  const { readFile } = await import("node:fs/promises");
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 (utime, stime) in clock ticks; 100 ticks a second on Linux.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The element at the median of `key` (the lower middle one for an even count). */
export const middle = (list, key) => [...list].sort((a, b) => a[key] - b[key])[Math.floor((list.length - 1) / 2)];

/** Calls `fn` (async) back to back for `ms` milliseconds; resolves with calls per second. */
export async function callsPerSecond(fn, ms) {
  let calls = 0;
  const started = performance.now();
  const until = started + ms;
  while (performance.now() < until) {
    await fn(calls);
    calls++;
  }
  return calls / ((performance.now() - started) / 1000);
}

export const log = (message) => console.log(`[bench] ${message}`);
