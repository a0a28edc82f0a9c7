// The load generator, run as its own process so it does not share a core's event loop with the
// server or the bench. Usage: node load.mjs '<JSON: { url, method, headers, body, connections, duration }>'
// Prints one JSON line: requests/s, latency mean/p50/p99 (ms), the count of each status, errors.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2]);
const result = await autocannon({ ...options, pipelining: 1 });
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
