// 1a. This build's standalone server against an earlier build's (A/B): the petstore-mock CLI of this checkout
// and that of the baseline build (bench/lib/baseline-build.mjs; by default the commit before the request
// pipeline), under the same load (autocannon in its own process), round by round from fresh, restocked mocks,
// the two taking turns at going first. The budget: no measurable loss of requests/s or of server CPU per request.

import { startCli } from "@petstore/testing/cli";
import { spawnWatched } from "@petstore/testing/process";
import { baselineBuild } from "./lib/baseline-build.mjs";
import { log, median, middle } from "./lib/common.mjs";
import { load, restock, TARGETS } from "./throughput.mjs";

const settings = (smoke) =>
  smoke
    ? { connections: 2, warmup: 0, duration: 0.3, rounds: 1 }
    : { connections: 10, warmup: 1, duration: 2, rounds: 5 };

/** The baseline's petstore-mock, started as startCli starts this build's: `--port 0`, resolved with its URL. */
async function startBin(bin) {
  const cli = spawnWatched(process.execPath, [bin, "--port", "0"], { name: `baseline petstore-mock --port 0` });
  const url = await cli.printed(/listening on (http:\/\/\S+)/, { timeoutMs: 30_000 });
  return { ...cli, url };
}

export default async function buildAb({ smoke, baseline }) {
  const { connections, warmup, duration, rounds } = settings(smoke);
  // A smoke run does not build an old commit: without a baseline named, it sets this build against itself.
  const base = smoke && !baseline ? null : baselineBuild(baseline);
  const start = { current: () => startCli(), baseline: () => (base ? startBin(base.bin) : startCli()) };
  log(`build A/B: this build against ${base ? base.label : "itself (smoke run)"}; ${rounds}×${duration}s per target`);
  const results = [];
  for (const target of TARGETS) {
    const runs = { current: [], baseline: [] };
    for (let round = 0; round < rounds; round++) {
      const sides = Object.keys(runs);
      for (const side of round % 2 ? sides.reverse() : sides) {
        const mock = await restock(await start[side]());
        try {
          if (warmup) {
            await load(mock, target, connections, warmup);
          }
          const result = await load(mock, target, connections, duration);
          runs[side].push(result);
          log(`  ${target.name} ${side.padEnd(8)} ${Math.round(result.rps)} req/s`);
        } finally {
          await mock.stop();
        }
      }
    }
    const ratios = runs.current.map((result, round) => result.rps / runs.baseline[round].rps);
    const cpuRatios = runs.current.map(
      (result, round) => result.serverCpuUsPerRequest / runs.baseline[round].serverCpuUsPerRequest,
    );
    results.push({
      name: target.name,
      current: middle(runs.current, "rps"),
      baseline: middle(runs.baseline, "rps"),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      cpuRatio: median(cpuRatios),
      cpuRatioRange: [Math.min(...cpuRatios), Math.max(...cpuRatios)],
    });
  }
  return { connections, duration, rounds, baseline: base ? base.label : "this build (smoke run)", results };
}
