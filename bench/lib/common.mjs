// Helpers shared by the measurements: child processes that are always stopped, timing, statistics.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const CLI = fileURLToPath(new URL("../../packages/mock/bin/petstore-mock.js", import.meta.url));
export const RAW_SERVER = fileURLToPath(new URL("./raw-server.mjs", import.meta.url));
/** The SDK's folder, to reach the very openapi-fetch it depends on (the baseline it is set against). */
export const SDK_DIR = dirname(createRequire(`${ROOT}package.json`).resolve("@petstore/sdk/package.json"));
export const API_KEY = "petstore-demo-key";
export const AUTH = { Authorization: `Bearer ${API_KEY}` };

/**
 * Every process started here, so none outlives the bench even when a measurement throws or the
 * bench is stopped: each gets SIGTERM, which our servers and measurement processes handle by
 * stopping what they started.
 */
const children = new Set();
const killAll = () => {
  for (const child of children) {
    child.kill("SIGTERM");
  }
};
process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Tracks a child process until it exits. */
export function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited within 3 s. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

/**
 * Spawns a server that prints `http://HOST:PORT` when ready; resolves with the process and that
 * URL, and the high-resolution time at which it was spawned.
 */
export function startServer(args, { timeoutMs = 20_000 } = {}) {
  const spawnedAt = performance.now();
  const child = track(spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }));
  return new Promise((resolve, reject) => {
    let output = "";
    const fail = (reason) => {
      clearTimeout(timer);
      stop(child);
      reject(new Error(`${args.join(" ")}: ${reason}\n${output}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${timeoutMs} ms`), timeoutMs);
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", function onData(chunk) {
      output += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve({ child, url, spawnedAt });
      }
    });
    child.once("exit", (code) => fail(`exited with ${code} before it was ready`));
  });
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
