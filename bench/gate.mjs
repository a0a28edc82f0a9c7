// 1d. The regression gate: CPU per request of this build against the build before the change (bench/lib/gate/
// previous.mjs, or --baseline REF|DIR), for the three hot standalone routes (server CPU: process.cpuUsage() inside
// each petstore-mock, read over IPC) and the in-process call (the SDK through createPetstoreFetch, each build in a
// process of its own). Rounds interleave the two builds, each going first every other round; each round's ratio is
// this build's CPU per request over the baseline's. A target regresses when the median ratio is over 1.15× AND every
// round is over 1.00× (their range excludes 1.00×); a regression is measured again before it counts, so one burst of
// load on a shared machine cannot fail a run. Every process runs a full GC before each of its rounds, so a major
// collection owed by the rounds before does not land in one round of one build. The smoke run (`pnpm bench:smoke`, in CI) fails on one.
// The smoke run stops a target's rounds once those measured decide that it passes (a round at or under 1.00×, or more
// than half of them at or under 1.15×: verdict.mjs's settled()), so the verdict is the one all its rounds would give
// and an unchanged build costs about two rounds a target; a target that may regress runs every round.
import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { baselineBuild } from "./lib/baseline-build.mjs";
import { log, MOCK_DIR, median } from "./lib/common.mjs";
import { sendRequests } from "./lib/gate/load.mjs";
import { previousCommit } from "./lib/gate/previous.mjs";
import { ask, collectGarbage, serverCpuUs, startProbedServer } from "./lib/gate/server.mjs";
import { regressed, settled, WORSE } from "./lib/gate/verdict.mjs";
import { restock, TARGETS } from "./throughput.mjs";

const SLOW_ENV = "PETSTORE_BENCH_SLOW_US";
const IN_PROCESS = fileURLToPath(new URL("./lib/gate/in-process-child.mjs", import.meta.url));
export const IN_PROCESS_NAME = "SDK → createPetstoreFetch, GET /pets?limit=20";

const settings = (smoke) =>
  smoke
    ? { connections: 4, warmup: 400, requests: 1000, calls: 1200, rounds: 5 }
    : { connections: 10, warmup: 3000, requests: 5000, calls: 5000, rounds: 7 };

const children = new Set();
process.on("exit", () => {
  for (const child of children) {
    child.kill("SIGTERM");
  }
});

/** The environment of a side: the deliberately slowed build's busy loop for this build only. */
function envOf(side) {
  const env = { ...process.env };
  if (side !== "current") {
    delete env[SLOW_ENV];
  }
  return env;
}

/** A build's in-process child; resolves once it is ready. */
async function startInProcess(indexFile, side) {
  const child = fork(IN_PROCESS, [indexFile], { env: envOf(side), execArgv: ["--expose-gc"] });
  children.add(child);
  await once(child, "message");
  return { child, stop: () => child.kill("SIGTERM") };
}

/**
 * Rounds of `measure(side)` (CPU µs per request), the sides alternating which goes first; per-round ratios. With
 * `untilSettled` (the smoke run), it stops once the rounds so far decide that the target passes (verdict.mjs).
 */
async function rounds(count, measure, untilSettled) {
  const runs = { current: [], baseline: [] };
  const ratios = [];
  for (let round = 0; round < count && !(untilSettled && settled(ratios, count)); round++) {
    const sides = round % 2 ? ["baseline", "current"] : ["current", "baseline"];
    for (const side of sides) {
      runs[side].push(await measure(side));
    }
    ratios.push(runs.current[round] / runs.baseline[round]);
  }
  return {
    current: median(runs.current),
    baseline: median(runs.baseline),
    ratio: median(ratios),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    measured: ratios.length,
    regressed: regressed(ratios),
  };
}

/** What a log line says of a measurement: the median ratio, the rounds' range, and how many of `count` ran. */
const said = ({ ratio, ratioRange, measured }, count) =>
  `${ratio.toFixed(2)}× (rounds ${ratioRange.map((r) => r.toFixed(2)).join("–")}${measured < count ? `; ${measured} of ${count} rounds decided it` : ""})`;

/** Measures a target; a regression is measured once more, and counts only when that measures one too. */
async function judged(name, count, measure, untilSettled) {
  const first = await rounds(count, measure, untilSettled);
  log(`  ${name}: CPU per request ${said(first, count)}`);
  if (!first.regressed) {
    return { name, ...first };
  }
  const again = await rounds(count, measure, untilSettled);
  log(`  ${name}, measured again: ${said(again, count)}`);
  return { name, ...again, first };
}

export default async function gate({ smoke, baseline }) {
  const { connections, warmup, requests, calls, rounds: count } = settings(smoke);
  const previous = baseline ? { ref: baseline, why: "--baseline" } : previousCommit();
  const base = baselineBuild(previous.ref);
  const slowUs = Number(process.env[SLOW_ENV] ?? 0);
  log(
    `gate: this build against ${base.label} (${previous.why})${slowUs ? `, this build slowed by ${slowUs} µs a request` : ""}`,
  );
  const builds = { current: MOCK_DIR, baseline: `${base.dir}/packages/mock` };
  const results = [];
  const servers = {};
  try {
    for (const side of ["current", "baseline"]) {
      const bin = `${builds[side]}/bin/petstore-mock.js`;
      servers[side] = await startProbedServer(bin, { env: envOf(side), name: `${side} petstore-mock`, exposeGc: true });
      await restock(servers[side]);
    }
    for (const target of TARGETS) {
      for (const server of Object.values(servers)) {
        await sendRequests(server.url, target, warmup, connections);
      }
      const measure = async (side) => {
        await collectGarbage(servers[side]);
        const before = await serverCpuUs(servers[side]);
        await sendRequests(servers[side].url, target, requests, connections);
        return ((await serverCpuUs(servers[side])) - before) / requests;
      };
      results.push(await judged(target.name, count, measure, smoke));
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
  const inProcess = {};
  try {
    for (const side of ["current", "baseline"]) {
      inProcess[side] = await startInProcess(`${builds[side]}/dist/index.js`, side);
      // The in-process path takes longer to warm up than a server's: twice the calls of a round.
      await ask(inProcess[side].child, { calls: 2 * calls });
    }
    const measure = async (side) => (await ask(inProcess[side].child, { calls })).cpuUs / calls;
    results.push(await judged(IN_PROCESS_NAME, count, measure, smoke));
  } finally {
    for (const side of Object.values(inProcess)) {
      side.stop();
    }
  }
  return {
    baseline: base.label,
    why: previous.why,
    slowUs,
    connections,
    requests,
    calls,
    rounds: count,
    worse: WORSE,
    results,
  };
}
