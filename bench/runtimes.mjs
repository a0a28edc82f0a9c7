// 1c. The mock on other runtimes: GET /pets and POST /store/orders on Deno and Bun beside the Node standalone
// server (the petstore-mock CLI), measured in the same run with the throughput bench's method (autocannon in its
// own process, the runtimes taking turns round by round, each round from fresh, restocked servers, paired
// per-round ratios to Node). Deno and Bun run the example files of packages/mock/examples with the command
// docs/mock/servers.md gives, in an app with the packed @petstore/mock (packages/runtimes), in memory
// (PETSTORE_STATE empty) as the CLI is without --state.
//
// A runtime is one entry of RUNTIMES: a name and `start()`, resolving with a server `{ url, child, stop() }`
// (`child` the process whose CPU time is read) once it answers; `prepare()` and `cleanUp()` are optional. The
// Cloudflare Worker under workerd is one more entry.
import { appWithExample, BUN, DENO, startExample } from "../packages/runtimes/src/runtimes.js";
import { log, median, middle } from "./lib/common.mjs";
import { load, restock, startStockedMock, TARGETS } from "./throughput.mjs";

/** The runtime an example file runs on, in one app for the whole measurement. */
function exampleRuntime(runtime) {
  let app;
  const entry = {
    name: runtime.name,
    how: `\`${runtime.command}\``,
    version: "?",
    prepare: () => {
      app = appWithExample(runtime);
    },
    start: async () => {
      const server = await startExample(runtime, app, { PETSTORE_STATE: "" });
      // The example's first line names the runtime and its version: "Petstore mock (Deno 2.9.6) listening on …".
      entry.version = /\((?:Deno|Bun) ([^)]+)\)/.exec(server.output().stdout)?.[1] ?? "?";
      return restock(server);
    },
    cleanUp: () => app?.remove(),
  };
  return entry;
}

/** The first is the baseline the others are set against. */
export const RUNTIMES = [
  { name: "Node", how: "`petstore-mock --port 0`", version: process.version, start: () => startStockedMock() },
  exampleRuntime(DENO),
  exampleRuntime(BUN),
];

const MEASURED = ["GET /pets?limit=20", "POST /store/orders"];

const settings = (smoke) =>
  smoke
    ? { connections: 2, warmup: 0, duration: 0.3, rounds: 1 }
    : { connections: 10, warmup: 1, duration: 2, rounds: 3 };

/** One round of one runtime: a fresh server, warmed up, then measured. */
async function measureRound(runtime, target, { connections, warmup, duration }) {
  const server = await runtime.start();
  try {
    if (warmup) {
      await load(server, target, connections, warmup);
    }
    return await load(server, target, connections, duration);
  } finally {
    await server.stop();
  }
}

export default async function runtimes({ smoke }) {
  const options = settings(smoke);
  const [baseline] = RUNTIMES;
  const results = [];
  try {
    for (const runtime of RUNTIMES) {
      await runtime.prepare?.();
    }
    for (const target of TARGETS.filter((candidate) => MEASURED.includes(candidate.name))) {
      const runs = Object.fromEntries(RUNTIMES.map((runtime) => [runtime.name, []]));
      for (let round = 0; round < options.rounds; round++) {
        // Each runtime goes first in turn, so none always runs on the warmer (or busier) machine.
        const order = RUNTIMES.map((_, index) => RUNTIMES[(index + round) % RUNTIMES.length]);
        for (const runtime of order) {
          const result = await measureRound(runtime, target, options);
          runs[runtime.name].push(result);
          log(`  ${target.name} ${runtime.name.padEnd(5)} ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
        }
      }
      const base = runs[baseline.name];
      results.push({
        name: target.name,
        runtimes: RUNTIMES.map((runtime) => {
          const ratios = runs[runtime.name].map((result, round) => result.rps / base[round].rps);
          const cpuRatios = runs[runtime.name].map(
            (result, round) => result.serverCpuUsPerRequest / base[round].serverCpuUsPerRequest,
          );
          return {
            name: runtime.name,
            result: middle(runs[runtime.name], "rps"),
            ratio: median(ratios),
            ratioRange: [Math.min(...ratios), Math.max(...ratios)],
            cpuRatio: median(cpuRatios),
          };
        }),
      });
    }
  } finally {
    for (const runtime of RUNTIMES) {
      runtime.cleanUp?.();
    }
  }
  return {
    ...options,
    baseline: baseline.name,
    how: RUNTIMES.map(({ name, how, version }) => ({ name, how, version })),
    results,
  };
}
