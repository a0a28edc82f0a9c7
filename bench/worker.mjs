// 12. The Cloudflare Worker (examples/cloudflare-worker over @petstore/mock/worker): its bundle as
// `wrangler deploy --dry-run` builds it (raw and gzip, against the Workers Free plan's 3 MB limit after
// compression), and GET /pets and POST /store/orders throughput under `wrangler dev` (local workerd, one
// Durable Object per session, every write in its SQLite storage) beside the petstore-mock CLI.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { closedPort, startingAgainOnTakenPort } from "@petstore/testing/ports";
import { spawnWatched } from "@petstore/testing/process";
import { AUTH, log, median, middle, ROOT } from "./lib/common.mjs";
import { generateLoad } from "./lib/load.mjs";
import { startStockedMock, TARGETS } from "./throughput.mjs";

const run = promisify(execFile);
const EXAMPLE = `${ROOT}examples/cloudflare-worker`;
/** wrangler needs Node 22; the example has it from npm (the bench runs on the workspace's Node). */
const NODE_22 = `${EXAMPLE}/node_modules/.bin/node`;
const WRANGLER = `${EXAMPLE}/node_modules/wrangler/bin/wrangler.js`;
/**
 * Offline and quiet; Node 22's compile cache (kept in the system temp dir) spares the three wrangler processes of a run,
 * and the runs after, compiling wrangler's own code again (about a fifth of a `wrangler deploy --dry-run`'s CPU).
 */
const ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_COLOR: "1",
  NODE_COMPILE_CACHE: join(tmpdir(), "petstore-node-compile-cache"),
};
/** The Workers Free plan's limit on a Worker's size after compression. */
export const FREE_PLAN_LIMIT = 3 * 1024 * 1024;
const BASELINE = new URL("./lib/worker-baseline/wrangler.toml", import.meta.url).pathname;
const ENDPOINTS = ["GET /pets?limit=20", "POST /store/orders"];

// The smoke run checks that every side answers: a fifth of a second of load a side (tens of requests on the Worker).
const settings = (smoke) =>
  smoke
    ? { connections: 2, warmup: 0, duration: 0.2, rounds: 1 }
    : { connections: 10, warmup: 1, duration: 2, rounds: 3 };

/** What `wrangler deploy --dry-run --outdir` writes: the Worker's one module, raw and gzip (level 9 and wrangler's own). */
async function bundle() {
  const outdir = await mkdtemp(join(tmpdir(), "petstore-bench-worker-"));
  try {
    const { stdout } = await run(NODE_22, [WRANGLER, "deploy", "--dry-run", "--outdir", outdir], {
      cwd: EXAMPLE,
      env: ENV,
      timeout: 120_000,
    });
    const code = await readFile(join(outdir, "index.js"));
    const reported = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(stdout);
    return {
      raw: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      wrangler: reported ? { raw: Number(reported[1]) * 1024, gzip: Number(reported[2]) * 1024 } : undefined,
      limit: FREE_PLAN_LIMIT,
    };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

/**
 * `wrangler dev` on a free port, its state in a new folder, logging warnings only (a line per request would
 * be part of what is measured); resolves once it answers. A port found free can be taken by another process before
 * wrangler binds it: that start is tried again on other ports, up to three times.
 */
function startWrangler(persistTo, config = `${EXAMPLE}/wrangler.toml`) {
  return startingAgainOnTakenPort(() => startWranglerOnce(persistTo, config));
}

async function startWranglerOnce(persistTo, config) {
  const port = await closedPort();
  const args = ["dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--log-level", "warn"];
  args.push("--inspector-port", String(await closedPort()), "--persist-to", persistTo);
  const child = spawnWatched(NODE_22, [WRANGLER, ...args, "--show-interactive-dev-session=false"], {
    cwd: EXAMPLE,
    env: ENV,
    detached: true,
    name: "wrangler dev",
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = performance.now(); ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const status = await fetch(`${url}/pets`, { headers: AUTH }).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 200) {
      break;
    }
    if (performance.now() - started > 60_000 || child.child.exitCode !== null) {
      await child.stop();
      throw new Error(`wrangler dev did not answer within 60 s:\n${child.output().all}`);
    }
  }
  return { url, stop: () => child.stop({ signal: "SIGINT", graceMs: 5_000 }) };
}

/** autocannon (lib/load.mjs); every answer must have the target's status. */
async function load(url, target, headers, connections, duration) {
  const options = { url: `${url}${target.path}`, method: target.method, headers: { ...target.headers, ...headers } };
  if (target.body) {
    options.body = target.body;
  }
  const result = await generateLoad({ ...options, connections, duration });
  const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== target.status);
  if (result.errors || result.timeouts || wrong.length || !result.requests) {
    throw new Error(`${target.name}: expected only ${target.status}, got ${JSON.stringify(result.statuses)}`);
  }
  return result;
}

/** A session of the Worker whose pet 2 has stock for every order (each round orders in a new one). */
async function stockedSession(url, name) {
  const headers = { "X-Petstore-Session": name };
  const response = await fetch(`${url}/store/inventory/2`, {
    method: "PUT",
    headers: { ...AUTH, ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ quantity: 1_000_000 }),
  });
  if (response.status !== 200) {
    throw new Error(`PUT /store/inventory/2 on the Worker: ${response.status} ${await response.text()}`);
  }
  return headers;
}

async function throughput({ connections, warmup, duration, rounds }) {
  const persistTo = await mkdtemp(join(tmpdir(), "petstore-bench-worker-state-"));
  const started = await Promise.allSettled([
    startWrangler(join(persistTo, "mock")),
    startWrangler(join(persistTo, "baseline"), BASELINE),
  ]);
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await Promise.all(started.map((outcome) => outcome.status === "fulfilled" && outcome.value.stop()));
    throw failed.reason;
  }
  const [worker, baseline] = started.map((outcome) => outcome.value);
  const results = [];
  try {
    for (const target of TARGETS.filter((candidate) => ENDPOINTS.includes(candidate.name))) {
      const runs = { node: [], worker: [], baseline: [] };
      for (let round = 0; round < rounds; round++) {
        const cli = await startStockedMock();
        try {
          const headers = await stockedSession(worker.url, `bench-${round}`);
          const sides = [
            ["node", cli.url, {}, target],
            ["worker", worker.url, headers, target],
            ["baseline", baseline.url, {}, { ...target, status: 200 }],
          ];
          for (const [name, url, extra, expected] of round % 2 ? sides.reverse() : sides) {
            if (warmup) {
              await load(url, expected, extra, connections, warmup);
            }
            const result = await load(url, expected, extra, connections, duration);
            runs[name].push(result);
            log(`  ${target.name} ${name.padEnd(6)} ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
          }
        } finally {
          await cli.stop();
        }
      }
      const ratios = runs.worker.map((result, round) => result.rps / runs.node[round].rps);
      const baselineRatios = runs.worker.map((result, round) => result.rps / runs.baseline[round].rps);
      results.push({
        name: target.name,
        node: middle(runs.node, "rps"),
        worker: middle(runs.worker, "rps"),
        baseline: middle(runs.baseline, "rps"),
        ratio: median(ratios),
        ratioRange: [Math.min(...ratios), Math.max(...ratios)],
        baselineRatio: median(baselineRatios),
        baselineRange: [Math.min(...baselineRatios), Math.max(...baselineRatios)],
      });
    }
  } finally {
    await Promise.all([worker.stop(), baseline.stop()]);
    await rm(persistTo, { recursive: true, force: true });
  }
  return results;
}

export default async function worker({ smoke }) {
  const options = settings(smoke);
  // The smoke run builds the bundle while the servers start; a full run measures load with nothing beside it.
  const [size, results] = smoke
    ? await Promise.all([bundle(), throughput(options)])
    : [await bundle(), await throughput(options)];
  log(`worker: bundle ${size.raw} B, gzip ${size.gzip} B (limit ${FREE_PLAN_LIMIT} B)`);
  return { ...options, bundle: size, results };
}
