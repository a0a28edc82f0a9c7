#!/usr/bin/env node
// `pnpm bench`: runs every measurement, each in its own process, and writes bench/RESULTS.md.
// `pnpm bench:smoke` (--smoke): tiny durations and sizes, every part end to end in seconds; it fails when
// something errors or the regression gate measures a regression, and writes bench/.tmp/RESULTS.smoke.md.
// --only NAME[,NAME]: run some measurements; that partial report goes to bench/.tmp/RESULTS.only.md.
// --fail-on-miss: exit 1 when a target is missed (a missed target is a finding, not an error, by default).
// --baseline REF|DIR: the earlier build that build-ab and gate set this one against (build-ab's default: the commit
// before the request pipeline; gate's: the build before the change, bench/lib/gate/previous.mjs), built once
// outside the repository (bench/lib/baseline-build.mjs).
// The smoke run fails when the gate (bench/gate.mjs) measures a regression of CPU per request against the build
// before the change: `node bench/run.mjs --smoke --only gate`; PETSTORE_BENCH_SLOW_US=N slows this build on purpose.
import { fork } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { log, MOCK_DIR, ROOT, SDK_DIR } from "./lib/common.mjs";
import { renderReport } from "./report.mjs";

export const MEASUREMENTS = [
  "throughput",
  "build-ab",
  "gate",
  "sessions",
  "runtimes",
  "cold-start",
  "in-process",
  "cost-growth",
  "bundle-size",
  "profile",
  "reference-page",
  "import-cost",
  "test-file-cost",
  "reset",
  "worker",
  "quickstart",
  "capture-orders",
];

const USAGE = `usage: pnpm bench [--smoke] [--only ${MEASUREMENTS.join(",")}] [--baseline REF|DIR] [--fail-on-miss]`;
function usageError(message) {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      smoke: { type: "boolean" },
      only: { type: "string" },
      "fail-on-miss": { type: "boolean" },
      baseline: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  usageError(error.message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const smoke = values.smoke ?? false;
// Parts the smoke run leaves out unless named with --only: `pnpm test` runs the same work as a test of its own.
const NOT_IN_SMOKE = {
  // test/quickstart.test.ts: a copy of the working tree, `pnpm start`, the SDK's first answer.
  quickstart: "test/quickstart.test.ts",
};
const selected = values.only ? values.only.split(",") : MEASUREMENTS.filter((name) => !(smoke && name in NOT_IN_SMOKE));
for (const name of selected) {
  if (!MEASUREMENTS.includes(name)) {
    usageError(`--only: unknown measurement ${JSON.stringify(name)}; choose from ${MEASUREMENTS.join(", ")}`);
  }
}
const needsSdk = ["in-process", "bundle-size", "profile"].some((name) => selected.includes(name));
const needsReference = selected.includes("reference-page");
for (const built of [
  `${MOCK_DIR}/dist/cli.js`,
  ...(needsSdk ? [`${SDK_DIR}/dist/index.js`] : []),
  ...(needsReference ? [`${MOCK_DIR}/dist/reference/index.html`] : []),
]) {
  if (!existsSync(built)) {
    console.error(`bench: ${relative(ROOT, built)} is missing; run \`pnpm build\` first`);
    process.exit(1);
  }
}

// The measurements running now get SIGTERM when the bench ends or is stopped, so they stop what they started.
const running = new Set();
process.on("exit", () => {
  for (const child of running) {
    child.kill("SIGTERM");
  }
});

/** Runs one measurement file in a child process; resolves with its result, rejects on any failure. */
async function measure(name) {
  // The gate may build its baseline (a worktree and an install when the lockfile changed) and measure a target twice.
  const limitMs = (smoke ? (name === "gate" ? 5 : 2) : 10) * 60_000;
  const started = performance.now();
  // Past the limit, fork() sends the measurement SIGTERM, which it handles by stopping what it started.
  const child = fork(
    new URL("./lib/child.mjs", import.meta.url),
    [`${ROOT}bench/${name}.mjs`, JSON.stringify({ smoke, baseline: values.baseline })],
    { timeout: limitMs },
  );
  running.add(child);
  let result;
  child.on("message", (message) => {
    result = message;
  });
  const [code, signal] = await once(child, "exit");
  running.delete(child);
  if (performance.now() - started >= limitMs) {
    throw new Error(`${name} took longer than ${limitMs / 60_000} min`);
  }
  if (!result || code !== 0) {
    throw new Error(`${name} failed (exit ${code ?? signal})`);
  }
  return result;
}

const started = performance.now();
const loadAtStart = loadavg();
log(`${smoke ? "smoke run" : "full run"}: ${selected.join(", ")}`);
for (const [name, test] of Object.entries(NOT_IN_SMOKE)) {
  if (smoke && !selected.includes(name)) {
    log(`${name}: left out of the smoke run (${test} runs it in pnpm test; --only ${name} runs it here)`);
  }
}
const results = {};
const failures = [];
// A full run measures one thing at a time, so none disturbs another's figures; smoke checks only that every part
// runs end to end, two at a time (the machine's cores).
const queue = [...selected];
const worker = async () => {
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    log(`${name}…`);
    try {
      results[name] = await measure(name);
    } catch (error) {
      failures.push(name);
      console.error(`[bench] ${error.message}`);
    }
  }
};
await Promise.all(Array.from({ length: smoke ? 2 : 1 }, worker));

// The regression gate (bench/gate.mjs) fails the smoke run, which CI runs, on a regression it measured twice.
const regressions = (results.gate?.results ?? []).filter((result) => result.regressed);
if (smoke && regressions.length) {
  for (const { name, ratio, ratioRange } of regressions) {
    console.error(
      `[bench] gate: ${name}: CPU per request ${ratio.toFixed(2)}× of ${results.gate.baseline}'s (rounds ${ratioRange.map((value) => value.toFixed(2)).join("–")}), over ${results.gate.worse}× with every round over 1.00×`,
    );
  }
  failures.push("gate");
}
const { markdown, missed } = await renderReport(results, { smoke, failures, loadAtStart });
const file = smoke ? "bench/.tmp/RESULTS.smoke.md" : values.only ? "bench/.tmp/RESULTS.only.md" : "bench/RESULTS.md";
await mkdir(`${ROOT}bench/.tmp`, { recursive: true });
await writeFile(`${ROOT}${file}`, markdown);
log(`report written to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) {
  console.error(`[bench] failed: ${failures.join(", ")}`);
  process.exit(1);
}
if (smoke) {
  log(
    `smoke run: every part ran end to end${results.gate ? "; no regression against the previous build" : ""}; speed targets are not checked`,
  );
} else if (missed.length) {
  log(`${missed.length} target(s) missed: ${missed.join("; ")}`);
  if (values["fail-on-miss"]) {
    process.exitCode = 1;
  }
} else {
  log("every target met");
}
