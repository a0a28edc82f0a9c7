// The load generator: autocannon, summed up as requests/s, latency mean/p50/p99 (ms), the count of each status
// and the errors. A measurement runs it as a process of its own, so it does not share a core's event loop with the
// server or the bench (`node load.mjs '<JSON: { url, method, headers, body, connections, duration }>'` prints one
// JSON line); the smoke run, which measures nothing, runs it in the bench's own process, where starting a process
// for each of its few hundred milliseconds of load was most of the work, and sends at most SMOKE_REQUESTS requests a
// load: autocannon ends a run at its next sample (every second by default), so a 0.3 s run loaded the server for a
// whole second, twice the CPU of the rest of the smoke's part; it now ends within SMOKE_SAMPLE_MS of its last answer.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { SMOKE_REQUESTS } from "./common.mjs";

const run = promisify(execFile);

/** Whether this process runs the smoke run's measurements (set once by child.mjs). */
export const benchRun = { smoke: false };

const SMOKE_SAMPLE_MS = 20;

/** One run of autocannon with `options`, summed up; in a smoke run, at most SMOKE_REQUESTS and `duration`. */
async function generate(options) {
  const smoke = benchRun.smoke ? { amount: SMOKE_REQUESTS, sampleInt: SMOKE_SAMPLE_MS } : {};
  const running = autocannon({ ...options, pipelining: 1, ...smoke });
  // A smoke load ends after `duration` once an answer came: a server slowed by a loaded machine (workerd under
  // wrangler dev) may answer nothing within a short load, which would look like a server that never answers.
  let answered = false;
  let due = false;
  if (benchRun.smoke) {
    running.on("response", () => {
      answered = true;
      if (due) {
        running.stop();
      }
    });
  }
  const timer = benchRun.smoke
    ? setTimeout(() => {
        due = true;
        if (answered) {
          running.stop();
        }
      }, options.duration * 1000)
    : undefined;
  let result;
  try {
    result = await running;
  } finally {
    clearTimeout(timer);
  }
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Load as `options` say, from a process of its own (in this one in a smoke run); resolves with its summary. */
export async function generateLoad(options) {
  if (benchRun.smoke) {
    return generate(options);
  }
  const { stdout } = await run(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(options)], {
    timeout: (options.duration + 30) * 1000,
  });
  return JSON.parse(stdout);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await generate(JSON.parse(process.argv[2]))));
}
