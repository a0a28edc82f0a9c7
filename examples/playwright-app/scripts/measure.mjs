// Measures a run of this example's tests (README, "What it costs"): the wall time of `pnpm test`, and the
// memory of every petstore-mock process it starts, read from /proc (Linux) every 20 ms while it runs.
// Usage, from this folder: node scripts/measure.mjs [RUNS] [-- ARGS OF playwright test]
// (3 runs by default; prints one line per run, then the medians).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const runs = Number(process.argv[2] ?? 3);
const testArgs = process.argv.slice(
  process.argv.indexOf("--") === -1 ? process.argv.length : process.argv.indexOf("--") + 1,
);
const SAMPLE_MS = 20;
// The mock's bin as the fixtures start it: `node …/mock/bin/petstore-mock.js` (any path to it).
const MOCK_CLI = /[/\\]petstore-mock\.js\0/;

/** `VmHWM` (peak resident set) and `VmRSS` (resident now) of a process, in KiB; null once it has exited. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { peak: field("VmHWM"), now: field("VmRSS") };
  } catch {
    return null;
  }
}

/** The parent of a process (0 once it has exited): `/proc/PID/stat`'s fourth field, after the name in parentheses. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

/** Whether `pid` descends from `root`: other mocks on the machine (other suites, other users) do not count. */
function descendsFrom(pid, root) {
  for (let at = Number(pid); at > 1; at = parentOf(at)) {
    if (at === root) {
      return true;
    }
  }
  return false;
}

/** The petstore-mock processes that `root` has started, directly or not. */
function mockPids(root) {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    try {
      if (
        /^\d+$/.test(entry) &&
        MOCK_CLI.test(readFileSync(`/proc/${entry}/cmdline`, "utf8")) &&
        descendsFrom(entry, root)
      ) {
        pids.push(entry);
      }
    } catch {
      // exited while listed
    }
  }
  return pids;
}

async function measureOnce() {
  const peakByPid = new Map(); // the last VmHWM seen of every mock process: its peak, to within one sample
  let concurrentPeak = 0; // the most resident memory of all mocks at one sample
  let child;
  const sample = () => {
    let now = 0;
    for (const pid of mockPids(child.pid)) {
      const memory = memoryOf(pid);
      // An exiting process has no memory left to report (0 kB): keep its peak as last seen alive.
      if (memory && memory.peak > 0) {
        peakByPid.set(pid, Math.max(memory.peak, peakByPid.get(pid) ?? 0));
        now += memory.now;
      }
    }
    concurrentPeak = Math.max(concurrentPeak, now);
  };
  const started = performance.now();
  child = spawn("pnpm", ["test", ...testArgs], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const timer = setInterval(sample, SAMPLE_MS);
  const code = await new Promise((resolve) => child.once("close", resolve));
  const wallMs = performance.now() - started;
  clearInterval(timer);
  if (code !== 0) {
    throw new Error(`pnpm test failed (exit ${code}):\n${output}`);
  }
  const summedPeakKiB = [...peakByPid.values()].reduce((sum, peak) => sum + peak, 0);
  const peaks = [...peakByPid.values()];
  return {
    wallMs,
    mocks: peakByPid.size,
    summedPeakKiB,
    concurrentPeakKiB: concurrentPeak,
    smallestPeakKiB: Math.min(...peaks),
    largestPeakKiB: Math.max(...peaks),
  };
}

const mib = (kib) => (kib / 1024).toFixed(0);
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [];
for (let run = 1; run <= runs; run++) {
  const result = await measureOnce();
  results.push(result);
  console.log(
    `run ${run}: ${(result.wallMs / 1000).toFixed(1)} s, ${result.mocks} mock process(es), summed peak RSS ${mib(result.summedPeakKiB)} MiB (each ${mib(result.smallestPeakKiB)}–${mib(result.largestPeakKiB)}), at most ${mib(result.concurrentPeakKiB)} MiB at once`,
  );
}
const of = (key) => median(results.map((result) => result[key]));
console.log(
  `median of ${runs}: ${(of("wallMs") / 1000).toFixed(1)} s, ${of("mocks")} mock process(es), summed peak RSS ${mib(of("summedPeakKiB"))} MiB, at most ${mib(of("concurrentPeakKiB"))} MiB at once`,
);
