// Turns the measurements into bench/RESULTS.md: the machine, every figure beside its baseline and
// ratio, each target met or missed (and by how much), and a short table for the README.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { MOCK_DIR, ROOT, SDK_DIR, SMOKE_REQUESTS } from "./lib/common.mjs";
import { gateSection } from "./lib/gate/report.mjs";

/**
 * `value` with `digits` decimals, or "n/a" where a measurement has no figure: a ratio over a round that answered
 * nothing (a smoke run's half-second window on a loaded machine) is Infinity or NaN, and null once sent as JSON.
 */
export const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const int = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "n/a");
const x = (value) => `${fixed(value, 2)}×`;
const bytes = (value) => `${int(value)} B`;
const kb = (bytes) => `${fixed(bytes / 1000, 1)} kB`;
const ms = (value) => `${fixed(value, value < 10 ? 2 : 0)} ms`;
const seconds = (value) => `${fixed(value, 1)} s`;
const us = (value) => `${fixed(value, 1)} µs`;
const range = (values) => values.map((value) => fixed(value, 2)).join("–");
const table = (head, rows) =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");

/** The packages whose versions the report names, each read where the measured code resolves it. */
const VERSIONS = {
  msw: ROOT,
  "@msw/data": MOCK_DIR,
  "openapi-fetch": SDK_DIR,
  autocannon: ROOT,
  esbuild: ROOT,
  "swagger-ui-dist": MOCK_DIR,
  "@redocly/cli": ROOT,
};

function version(dir, name) {
  try {
    return JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

/** The commit measured, and whether packages/ had changes not committed yet. */
function commit() {
  const git = (...args) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  try {
    return `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--", "packages") ? " + uncommitted changes in packages/" : ""}`;
  } catch {
    return "?";
  }
}

/** Each target: a short label (README), the measured value, the budget, and which side of it passes. */
function targets(results) {
  const list = [];
  // `within`: the per-round ratios' range; a target given one is also met when that range holds 1.00×
  // (no difference the rounds can tell apart from their noise).
  const add = (label, value, budget, atLeast, show, within) =>
    list.push({ label, value, budget, atLeast, show, within });
  const { throughput, "cold-start": cold, "in-process": calls, "cost-growth": growth, "bundle-size": bundle } = results;
  const reference = results["reference-page"];
  const imports = results["import-cost"];
  if (throughput) {
    const at = (name) => throughput.results.find((result) => result.name === name)?.ratio ?? null;
    // Issue 46's targets.
    const cpuAt = (name) => throughput.results.find((result) => result.name === name)?.cpuRatio ?? null;
    add("standalone GET /pets, req/s vs raw node:http", at("GET /pets?limit=20"), 0.6, true, x);
    add("standalone GET /pets, server CPU per request vs raw node:http", cpuAt("GET /pets?limit=20"), 1.8, false, x);
    add("standalone GET /pets/{petId}, req/s vs raw node:http", at("GET /pets/{petId}"), 0.8, true, x);
    add("standalone POST /store/orders, req/s vs raw node:http", at("POST /store/orders"), 0.45, true, x);
    if (throughput.stateFile) {
      add(
        "standalone POST /store/orders with `--state FILE`, req/s vs without",
        throughput.stateFile.ratio,
        0.85,
        true,
        x,
      );
    }
  }
  if (results["build-ab"]) {
    const { baseline, results: ab } = results["build-ab"];
    for (const { name, ratio, ratioRange, cpuRatio, cpuRatioRange } of ab) {
      const endpoint = name.replace(/\?.*/, "");
      add(`standalone ${endpoint}, req/s, this build vs ${baseline}`, ratio, 0.95, true, x, ratioRange);
      add(
        `standalone ${endpoint}, server CPU per request, this build vs ${baseline}`,
        cpuRatio,
        1.05,
        false,
        x,
        cpuRatioRange,
      );
    }
  }
  if (results.gate) {
    for (const { name, ratio, ratioRange } of results.gate.results) {
      add(
        `gate: ${name}, CPU per request, this build vs ${results.gate.baseline}`,
        ratio,
        results.gate.worse,
        false,
        x,
        ratioRange,
      );
    }
  }
  if (results.sessions) {
    for (const { name, ratio, ratioRange } of results.sessions.withoutHeader) {
      const endpoint = name.replace(/\?.*/, "");
      add(
        `sessions: ${endpoint} without \`X-Petstore-Session\`, req/s, ${results.sessions.otherSessions} other sessions live vs none`,
        ratio,
        0.95,
        true,
        x,
        ratioRange,
      );
    }
  }
  if (results.sessions?.manySessions) {
    const { ratio, ratioRange, sessions } = results.sessions.manySessions;
    add(
      `sessions: GET /pets without \`X-Petstore-Session\`, server CPU per request, ${int(sessions)} other sessions live vs none`,
      ratio,
      1.05,
      false,
      x,
      ratioRange,
    );
  }
  if (results.reset) {
    const { demo, large, seeded } = results.reset;
    add(`reset p95, the demo data (${int(demo.pets)} pets)`, demo.p95, 10, false, ms);
    add(`reset p95, a store of ${int(large.pets)} pets (back to the demo data)`, large.p95, 100, false, ms);
    add(`reset p95, a store seeded with ${int(seeded.pets)} pets (after an order)`, seeded.p95, 100, false, ms);
  }
  if (cold) {
    add("cold start of the CLI vs raw node:http", cold.ratio, 2, false, x);
  }
  if (results["capture-orders"]) {
    const { orders, complete, sold } = results["capture-orders"];
    add(`capture of one pet with ${int(orders)} complete orders, wall time`, complete.seconds, 10, false, seconds);
    add(
      `capture of one sold pet with ${int(orders)} open orders (each left out), wall time`,
      sold.seconds,
      10,
      false,
      seconds,
    );
  }
  if (results.quickstart?.emptyStore) {
    add("quickstart: clone → first SDK answer, empty pnpm store", results.quickstart.light.total, 60, false, seconds);
  }
  if (calls) {
    add("SDK calls/s, in-memory fetch vs msw setupServer", calls.ratio, 5, true, x);
  }
  if (growth) {
    const span = `${int(growth.sizes.at(-1))} vs ${int(growth.sizes[0])} pets`;
    for (const [name, ratio] of Object.entries(growth.growth)) {
      const rounds = growth.growthRange?.[name];
      add(`${name.replace(/ \(.*/, "")} cost, ${span}`, ratio, 1.5, false, (value) =>
        rounds ? `${x(value)} (rounds ${range(rounds)})` : x(value),
      );
    }
  }
  if (bundle) {
    add("SDK bundle, min+gz", bundle.sizes.sdk.gzip, 4096, false, bytes);
    add(
      "mock's first load on top of msw's (browser entry, code split as Vite ships it), min+gz",
      bundle.firstLoad.overMsw,
      bundle.firstLoad.budget,
      false,
      kb,
    );
    add("@petstore/query on top of the SDK and query-core, min+gz", bundle.queryOnTopOfSdk, 1500, false, bytes);
    add("@petstore/query/swr on top of the SDK (SWR excluded), min+gz", bundle.swrOnTopOfSdk, 1000, false, bytes);
    add("inspector panel's own code (@petstore/mock/devtools), min+gz", bundle.panel.gzip, 15_000, false, bytes);
  }
  if (imports) {
    add("import @petstore/mock/node vs import msw/node, fresh process", imports.nodeRatio, 1.25, false, x);
    add("import @petstore/mock vs import msw, fresh process", imports.indexRatio, 1.25, false, x);
  }
  if (results.worker) {
    const { bundle: size } = results.worker;
    add("Cloudflare Worker bundle, gzip (Workers Free plan limit)", size.gzip, size.limit, false, kb);
  }
  if (reference) {
    add("API reference, bytes of a first load vs the Redoc page", reference.bytesRatio, 1, false, x);
    add("API reference, time to the first operation vs the Redoc page", reference.msRatio, 1, false, x);
  }
  return list.map((target) => {
    const noiseHoldsOne = target.within ? target.within[0] <= 1 && target.within[1] >= 1 : false;
    const withinBudget = target.atLeast ? target.value >= target.budget : target.value <= target.budget;
    const met = noiseHoldsOne || withinBudget;
    const gap = target.atLeast
      ? `missed by ${fixed(100 * (1 - target.value / target.budget), 0)}%: needs to be ${x(target.budget / target.value)} as fast`
      : `missed by ${fixed(100 * (target.value / target.budget - 1), 0)}%${target.show === kb || target.show === bytes ? ` (${int(target.value - target.budget)} B over)` : ""}`;
    const budget = `${target.atLeast ? "≥" : "≤"} ${target.show(target.budget)}${target.within ? ", or 1.00× within the rounds' range" : ""}`;
    const shown = target.within ? `${target.show(target.value)} (rounds ${range(target.within)})` : undefined;
    return {
      ...target,
      met,
      budget,
      shown,
      verdict: met ? (!withinBudget ? "met: 1.00× is within the rounds' range" : "met") : gap,
    };
  });
}

function throughputSection({ connections, duration, rounds, results, stateFile }, { sessions } = {}) {
  const rows = results.map(({ name, raw, mock, ratio, ratioRange, cpuRatio }) => [
    name,
    int(raw.rps),
    int(mock.rps),
    `**${x(ratio)}** (${range(ratioRange)})`,
    `${raw.p50} / ${raw.p99} ms (${fixed(raw.mean, 2)})`,
    `${mock.p50} / ${mock.p99} ms (${fixed(mock.mean, 2)})`,
    `${us(raw.serverCpuUsPerRequest)} / ${us(mock.serverCpuUsPerRequest)} (${x(cpuRatio)})`,
  ]);
  return `## 1. Standalone server throughput

\`node packages/mock/bin/petstore-mock.js --port 0\` (auth and validation on, demo data) against a raw
\`node:http\` server (\`bench/lib/raw-server.mjs\`) that answers with the status, headers and body bytes
captured from the mock. Load: autocannon in its own process, ${connections} connections, no pipelining, loopback;
${rounds} rounds of ${duration} s per server and endpoint after a warm-up, each round running the two servers
back to back. Requests/s and latencies are each server's median round; the ratio is the median of the
per-round ratios (their range in brackets), and so is the CPU ratio. POST /store/orders orders one unit of pet 2, restocked to 1,000,000 first, and
from a fresh, warmed-up mock each round after the first (a store holds at most \`x-limits.maxOrders\` orders); every
response was checked to be ${"`201`"} (any other status fails the run). autocannon reports latency in whole
milliseconds; the mean is exact. Server CPU is the server process's
user + system time divided by the requests it answered: it is less sensitive to other load on the
machine than requests/s, and it does not depend on how fast the load generator (which shares the two
cores) can go, so it tells which ratio the mock would reach if the server alone were the limit.

${table(["endpoint", "raw req/s", "mock req/s", "ratio", "raw latency p50 / p99 (mean)", "mock latency p50 / p99 (mean)", "server CPU per request, raw / mock"], rows)}
${stateFile ? stateFileSubsection(stateFile, rounds, duration) : ""}
${sessions ? sessionsSubsection(sessions) : ""}`;
}

/** This build's standalone server against an earlier build's (bench/build-ab.mjs). */
function buildAbSection({ connections, duration, rounds, baseline, results }) {
  const latency = (result) => `${result.p50} / ${result.p99} ms (${fixed(result.mean, 2)})`;
  return `## 1a. This build against an earlier one (A/B)

\`node bench/run.mjs --only build-ab [--baseline REF|DIR]\` (\`bench/build-ab.mjs\`): the \`petstore-mock\` CLI of this checkout
against the CLI of the baseline build, **${baseline}** (by default the commit before the request pipeline, checked out
outside the repository and built once by \`bench/lib/baseline-build.mjs\`; \`--baseline\` names another commit, or a
checkout with a built \`packages/mock\`). The same requests and load as section 1: autocannon in its own process,
${connections} connections, ${rounds} round(s) of ${duration} s per build and endpoint after a warm-up (none in a smoke run), each round
from two fresh mocks (pet 2 restocked to 1,000,000, every response checked), the builds taking turns at going first.
The ratios (this build / baseline) are the medians of the per-round ratios (their range in brackets). **The budget: no
measurable cost**: requests/s at least 0.95× and server CPU per request at most 1.05× the baseline's, or 1.00× within
the range of the per-round ratios (on a shared machine rounds differ by more than 5%). Server CPU per request, less
sensitive to the load generator and the rest of the machine, is the finer sign.

${table(
  [
    "endpoint",
    "baseline req/s",
    "this build req/s",
    "req/s ratio",
    "latency p50 / p99 (mean), baseline / this build",
    "server CPU per request, baseline / this build",
    "CPU ratio",
  ],
  results.map((result) => [
    result.name,
    int(result.baseline.rps),
    int(result.current.rps),
    `**${x(result.ratio)}** (${range(result.ratioRange)})`,
    `${latency(result.baseline)} / ${latency(result.current)}`,
    `${us(result.baseline.serverCpuUsPerRequest)} / ${us(result.current.serverCpuUsPerRequest)}`,
    `**${x(result.cpuRatio)}** (${range(result.cpuRatioRange)})`,
  ]),
)}`;
}

/**
 * Requests without `X-Petstore-Session` on a mock holding 100 other live sessions against a fresh one, and
 * GET /pets with the header against without it (bench/sessions.mjs).
 */
function sessionsSubsection({ connections, duration, rounds, otherSessions, withoutHeader, withHeader, manySessions }) {
  const latency = (result) => `${result.p50} / ${result.p99} ms (${fixed(result.mean, 2)})`;
  return `
### What sessions cost to requests without the header

\`node bench/run.mjs --only sessions\`: the same CLI (\`--max-sessions ${otherSessions + 1}\` on both sides), the same load
(${connections} connections, ${rounds} round(s) of ${duration} s per variant after a warm-up (none in a smoke run), the variants alternating which goes
first), each round from fresh, restocked mocks. Without the header: a mock on which ${otherSessions} other sessions are live
(\`X-Petstore-Session: s1\` … \`s${otherSessions}\`, one GET /pets each, checked with \`GET /__petstore/sessions\`) against a
mock holding only \`default\` that was sent the same ${otherSessions} requests without the header; the ratio is the median of the per-round ratios (their range in brackets). **No measurable
cost** means a median ratio of at least 0.95×, or 1.00× within the range of the per-round ratios: on a shared, loaded
machine rounds differ by far more than 5%, and a cost smaller than that spread is not one these rounds can measure.
The server's CPU per request, less sensitive to the rest of the machine, is the finer sign. Both sides run
this build: the figure is what live sessions cost a request that names none, not a comparison with the code
before sessions (that would mean building an older commit; it is not measured here). What the session lookup
itself costs every request (the header read, the name check, the registry's map) is in both sides alike, so it is
not in this ratio; what the ratio holds is what the other sessions add: a larger heap for the garbage collector, and
on creates (POST) the shared record budget, which sums the table sizes of every live session's store.

${table(
  [
    "endpoint, without the header",
    "no other session req/s",
    `${otherSessions} other sessions req/s`,
    "ratio",
    "latency p50 / p99 (mean), none / 100",
    "server CPU per request, none / 100",
  ],
  withoutHeader.map((result) => [
    result.name,
    int(result.fresh.rps),
    int(result.crowded.rps),
    `**${x(result.ratio)}** (${range(result.ratioRange)})`,
    `${latency(result.fresh)} / ${latency(result.crowded)}`,
    `${us(result.fresh.serverCpuUsPerRequest)} / ${us(result.crowded.serverCpuUsPerRequest)} (${x(result.cpuRatio)})`,
  ]),
)}

What a session costs a request that uses one (no budget): ${withHeader.name} with \`X-Petstore-Session: ${withHeader.session}\`
against the same request without the header, both on one fresh mock a round, back to back, alternating.

${table(
  [
    "endpoint",
    "without req/s",
    "with the header req/s",
    "ratio",
    "latency p50 / p99 (mean), without / with",
    "server CPU per request, without / with",
  ],
  [
    [
      withHeader.name,
      int(withHeader.without.rps),
      int(withHeader.with.rps),
      `**${x(withHeader.ratio)}** (${range(withHeader.ratioRange)})`,
      `${latency(withHeader.without)} / ${latency(withHeader.with)}`,
      `${us(withHeader.without.serverCpuUsPerRequest)} / ${us(withHeader.with.serverCpuUsPerRequest)} (${x(withHeader.cpuRatio)})`,
    ],
  ],
)}
${manySessions ? manySessionsTable(manySessions) : ""}`;
}

/** GET /pets without the header, server CPU per request, 1,000 other live sessions against none (bench/sessions.mjs). */
function manySessionsTable({ name, sessions, requests, rounds, fresh, crowded, ratio, ratioRange }) {
  return `
What ${int(sessions)} live sessions cost the default session's ${name}: two mocks of this build (\`--max-sessions ${sessions + 1}\`),
alive at once, one holding ${int(sessions)} other sessions (each opened by one request with its \`X-Petstore-Session\`, checked
with \`GET /__petstore/sessions\`), the other only \`default\` (sent the same requests without the header). Server CPU per
request from inside each server (\`process.cpuUsage()\`, bench/lib/gate/cpu-probe.mjs), ${rounds} interleaved rounds of
${int(requests)} requests, 4 at a time, after a warm-up; the ratio is the median of the per-round ratios (their range).
**Nothing measurable**: at most 1.05×, or 1.00× within the range.

${table(
  ["endpoint, without the header", "no other session", `${int(sessions)} other sessions`, "CPU ratio"],
  [[name, us(fresh), us(crowded), `**${x(ratio)}** (${range(ratioRange)})`]],
)}
`;
}

/** GET /pets and POST /store/orders on Deno and Bun (and any other runtime of bench/runtimes.mjs) beside Node. */
function runtimesSection({ connections, duration, rounds, baseline, how, results }) {
  const others = how.filter(({ name }) => name !== baseline);
  const rows = results.flatMap(({ name, runtimes }) =>
    runtimes.map((runtime) => [
      name,
      runtime.name,
      int(runtime.result.rps),
      runtime.name === baseline ? "1.00× (baseline)" : `**${x(runtime.ratio)}** (${range(runtime.ratioRange)})`,
      `${runtime.result.p50} / ${runtime.result.p99} ms (${fixed(runtime.result.mean, 2)})`,
      `${us(runtime.result.serverCpuUsPerRequest)}${runtime.name === baseline ? "" : ` (${x(runtime.cpuRatio)})`}`,
    ]),
  );
  return `## 1c. The mock on Deno and Bun

\`node bench/run.mjs --only runtimes\` (\`bench/runtimes.mjs\`): the same two requests as section 1 on each runtime, set
against the Node standalone server (${how.map(({ name, how: command, version }) => `${name} ${version}: ${command}`).join("; ")}).
${others.map(({ name }) => name).join(" and ")} run the example files of \`packages/mock/examples\` as \`docs/mock/servers.md\` runs them, in an
app with the packed \`@petstore/mock\`, in memory (\`PETSTORE_STATE=\` empty) as the CLI is without \`--state\`; all
serve the same handler, so what differs is the runtime's HTTP server and JavaScript engine. Load: autocannon in its
own process, ${connections} connections, ${rounds} round(s) of ${duration} s per runtime and endpoint, each round from
fresh, restocked servers (pet 2's stock at 1,000,000, every order checked to be \`201\`), warmed up (not in a smoke
run), the runtimes taking turns at going first. The ratio is the median of the per-round ratios to Node's req/s
(their range in brackets); server CPU is the runtime process's CPU time per request (Bun and Deno spread work over
threads, so theirs counts every thread), with its ratio to Node's.

${table(["endpoint", "runtime", "req/s", "vs Node", "latency p50 / p99 (mean)", "server CPU per request"], rows)}`;
}

/** POST /store/orders with `--state FILE` against the same CLI without it. */
function stateFileSubsection({ name, memory, stateFile, ratio, ratioRange, cpuRatio }, rounds, duration) {
  return `
### What \`--state FILE\` costs

${name} on \`petstore-mock --state FILE\` (every change written back to FILE: coalesced, atomic, fsynced) against
the same CLI without \`--state\`, ${rounds} rounds of ${duration} s after a warm-up, each round from two fresh mocks
(and a new FILE), run back to back, each first every other round; the ratio is the median of the per-round ratios. The file grows with every
order (thousands a second), so it is rewritten with more records as the round goes on.

${table(
  [
    "endpoint",
    "in memory req/s",
    "`--state` req/s",
    "ratio",
    "latency p50 / p99 (mean), in memory / `--state`",
    "server CPU per request, in memory / `--state`",
  ],
  [
    [
      name,
      int(memory.rps),
      int(stateFile.rps),
      `**${x(ratio)}** (${ratioRange.map((value) => fixed(value, 2)).join("–")})`,
      `${memory.p50} / ${memory.p99} ms (${fixed(memory.mean, 2)}) / ${stateFile.p50} / ${stateFile.p99} ms (${fixed(stateFile.mean, 2)})`,
      `${us(memory.serverCpuUsPerRequest)} / ${us(stateFile.serverCpuUsPerRequest)} (${x(cpuRatio)})`,
    ],
  ],
)}
`;
}

function coldStartSection({ runs, raw, mock, ratio }) {
  return `## 2. Cold start

From spawning \`node\` to the first 200 of GET /pets?limit=20 (the process prints its URL, then the
bench asks), median of ${runs} runs each, alternating.

${table(
  ["server", "spawn → first response", "ratio"],
  [
    ["raw node:http", ms(raw), "1.00×"],
    ["petstore-mock CLI", ms(mock), `**${x(ratio)}**`],
  ],
)}`;
}

function inProcessSection({ ms: window, rounds, perSecond }) {
  const setupServer = Object.values(perSecond)[1];
  const rows = Object.entries(perSecond).map(([name, value], index) => [
    name,
    int(value),
    us(1e6 / value),
    index === 0 ? `**${x(value / setupServer)}**` : x(value / setupServer),
  ]);
  return `## 3. In-process calls

GET /pets?limit=20 (20 pets back, checked on every call), one call after another in one process; the
median of ${rounds} windows of ${window} ms per path after a warm-up, the paths alternating window by window. The
SDK is \`createPetstoreClient\` from \`@petstore/sdk\`; the reference rows take layers away to show what
each costs.

${table(["path", "calls/s", "per call", "vs SDK → setupServer"], rows)}`;
}

function costGrowthSection({ sizes, batch, rounds, results, growth, growthRange }) {
  const names = Object.keys(growth);
  const rows = names.map((name) => [
    name,
    ...results.map((result) => us(result.perOperation[name])),
    `**${x(growth[name])}**${growthRange ? ` (${range(growthRange[name])})` : ""}`,
  ]);
  rows.push(["(seeding the store)", ...results.map((result) => ms(result.seedMs)), ""]);
  return `## 4. Cost growth

\`node bench/run.mjs --only cost-growth\`: CPU time per operation through the app's \`handle()\` (routing, auth, parameter
and body validation, the operation, the store; no transport), stores seeded with \`seed(store, { pets: N })\`, each
size in a process of its own (its own heap, as a mock of that size), all alive at once; by-id operations walk ids
spread over the whole store. ${rounds ?? "?"} rounds of ${int(batch)} calls per operation and size after a warm-up round, the
sizes taking turns (in reverse every other round); each size's median batch, and the growth as the median of the
per-round ratios, largest over smallest (their range in brackets).

${table(["operation", ...sizes.map((size) => `${int(size)} pets`), `${int(sizes.at(-1))} / ${int(sizes[0])}`], rows)}`;
}

/** The mock's first load against msw's, its lazy chunks and what it holds beyond msw (section 5). */
function firstLoadSection({ budget, mock, msw, overMsw, lazy, contributors, esbuild }) {
  const lazyRows = lazy.map(({ name, minified, gzip, modules }) => [
    `lazy: \`${name}\` (${modules.join(", ")})`,
    int(minified),
    int(gzip),
  ]);
  const files = (count) => `${count} file${count === 1 ? "" : "s"}`;
  return `
The mock's first load: what a browser loads before the mock answers its first request, as Vite ships it
(\`vite build\`: Rollup's code splitting, esbuild's minifier, es2022), each chunk gzipped (level 9): the entry's chunk and
the chunks it imports statically. A chunk behind a dynamic \`import()\` is lazy, loaded when its feature is first used
(\`@petstore/testing/first-load\`, which the mock's test of the budget shares).

${table(
  ["first load (Vite)", "min (B)", "min+gz (B)"],
  [
    [
      `\`@petstore/mock/browser\`: setupPetstoreServiceWorker().start(), ${files(mock.files)}`,
      int(mock.minified),
      int(mock.gzip),
    ],
    [`msw alone (baseline), ${files(msw.files)}`, int(msw.minified), int(msw.gzip)],
    [
      `**the mock's first load over msw's (the budget: ≤ ${int(budget)})**`,
      int(mock.minified - msw.minified),
      `**${int(overMsw)}**`,
    ],
    ...lazyRows,
  ],
)}

- Split by esbuild instead (splitting, ESM, minify, each chunk gzipped): the first load is ${int(esbuild.overMsw)} B min+gz
  over msw's, in ${esbuild.mock.files} files: esbuild puts each module the entry shares with a lazy chunk in a chunk of its own.
- What the first load holds beyond msw's, the largest first (bytes rendered into the chunk, tree-shaken, before
  minifying; built from source): ${contributors.map(({ module, bytes }) => `${module.replace(/^src\//, "")} ${int(bytes)}`).join(", ")}.`;
}

function bundleSection({
  sizes,
  panel,
  firstLoad,
  mockGroups,
  mockOnTopOfMsw,
  sdkOverOpenapiFetch,
  queryOnTopOfSdk,
  swrOnTopOfSdk,
}) {
  const row = (name, label) => [label, int(sizes[name].minified), int(sizes[name].gzip)];
  const byPackage = (name) =>
    Object.entries(sizes[name].packages)
      .sort((a, b) => b[1] - a[1])
      .map(([owner, bytes]) => `${owner} ${int(bytes)}`)
      .join(", ");
  return `## 5. Bundle size

esbuild (bundle, minify, ESM, browser, es2022), then gzip level 9; bytes (1 kB = 1,000 B).

${table(
  ["bundle", "min (B)", "min+gz (B)"],
  [
    row("sdk", "`@petstore/sdk`: createPetstoreClient + one call"),
    row("openapi-fetch", "openapi-fetch alone: createClient + one call (baseline)"),
    row("query", "`@petstore/query`: createPetstoreQueries + one queryOptions, fetched by a QueryClient"),
    row("sdk+query-core", "the same query written by hand over the SDK and query-core (baseline)"),
    row(
      "swr",
      "`@petstore/query/swr`: useSWR, useSWRInfinite and useSWRMutation over its helpers (SWR, React external)",
    ),
    row("sdk+swr", "the same three hooks over the SDK by hand (baseline, SWR and React external)"),
    row("mock", "`@petstore/mock/browser`: setupPetstoreServiceWorker().start()"),
    row("msw", "msw alone: setupWorker(http.get(…)).start() (baseline)"),
  ],
)}

- SDK over openapi-fetch: ${int(sdkOverOpenapiFetch)} B min+gz. By package (minified): ${byPackage("sdk")}.
- \`@petstore/query\` on top of the SDK and \`@tanstack/query-core\` (the budget is 1,500 B): ${int(queryOnTopOfSdk)} B min+gz;
  a list's next page is counted from \`X-Total-Count\` (where the \`Link\` header's \`next\` points), with no URL parsing.
  By package (minified): ${byPackage("query")}.
- \`@petstore/query/swr\` on top of the SDK, SWR itself excluded (the budget is 1,000 B): ${int(swrOnTopOfSdk)} B min+gz;
  keys, calls, paging and the x-affects table are \`@petstore/query\`'s. By package (minified): ${byPackage("swr")}.
- The mock on top of msw, whole (its own code and the store, every lazy chunk included, counted as one file):
  ${int(mockOnTopOfMsw)} B min+gz. The budget is judged on the first load (below).
- The inspector panel's own code, \`@petstore/mock/devtools\` without the mock modules it shares with the page's mock
  (the budget is 15,000 B): ${int(panel.minified)} B min, ${int(panel.gzip)} B min+gz. Development builds only.
- What the mock's bundle is made of (minified bytes, before gzip): msw and what it brings
  ${int(mockGroups.msw)}, the store (@msw/data and what it adds) ${int(mockGroups.store)}, the mock's
  own code ${int(mockGroups.mock)}. By package: ${byPackage("mock")}.
${firstLoadSection(firstLoad)}`;
}

/** A request's time by stage (bench/lib/request-stages.mjs), with the server's CPU per request under that load. */
function stageList({ stages, cpuUsPerRequest }) {
  if (!stages) {
    return "";
  }
  const rows = stages.map(
    ({ stage, share, shareOutsideSyscall }) =>
      `| ${stage} | ${fixed(100 * share, 1)}% | ${shareOutsideSyscall === null ? "" : `${fixed(100 * shareOutsideSyscall, 1)}%`} |`,
  );
  return `
- By stage of the request (the innermost frame that names one), the server's CPU at ${fixed(cpuUsPerRequest, 1)} µs per request under this load:

| stage | share of busy time | share outside the \`writev\` call |
|---|---|---|
${rows.join("\n")}`;
}

function profileSection({ dir, profiles }) {
  const pct = (share) => `${fixed(100 * share, 0)}%`;
  const list = (entries) => entries.map(({ name, share }) => `${name.replaceAll("|", "\\|")} ${pct(share)}`).join("; ");
  const parts = Object.entries(profiles).map(
    ([name, summary]) => `### ${name}

${int(summary.busyMs)} ms of CPU sampled; the process was idle ${pct(summary.idleShare)} of the time. Shares are of the busy time.

- By area (self time): ${list(summary.areas)}
- Functions by self time: ${list(summary.selfTop)}
- Project functions by total time (with what they call): ${list(summary.projectTotalTop)}${stageList(summary)}`,
  );
  return `## 6. Where the time goes (CPU profiles)

V8 CPU profiles (\`--cpu-prof\`, 200 µs sampling) taken by the same run; the files are in
\`${dir}/\` (open them in Chrome DevTools → Performance). Line numbers point into the
built \`dist/\` files (sourcemaps lead back to \`src/\`).

${parts.join("\n\n")}`;
}

function referenceSection({ runs, pages, bytesRatio, msRatio }) {
  const row = (name, label, ratios) => [
    label,
    int(pages[name].requests),
    int(pages[name].bytes),
    ms(pages[name].ms),
    pages[name].times.map((value) => fixed(value, 0)).join(", "),
    ...ratios,
  ];
  const refused = Object.values(pages).flatMap((page) => page.refused);
  return `## 7. API reference page

The reference page (Swagger UI with try-it, \`buildDocs\` of \`docs/scripts/build.mjs\`) against the Redoc page it
replaces (\`redocly build-docs --inlineBundle\`, \`bench/lib/redoc-baseline.mjs\`), each served by
\`docs/scripts/serve.mjs\` (no compression) and loaded in headless Chromium at the first operation's link (Redoc
renders an operation only once it is scrolled to or linked). Every load is a first load in a fresh browser context,
so the new page pays for registering its Service Worker and starting the mock before it renders. Bytes: the bodies
of every response the server sent (the Service Worker's script included) until the first operation is in the page
and the network is idle. Time: from navigation start to the first operation's element in the DOM
(\`.opblock\`; Redoc's \`[data-section-id="/<tag>/<operationid>"]\`), median of ${runs} loads each, the pages alternating.
Requests to any other host are refused${refused.length ? ` (${[...new Set(refused)].join(", ")})` : ""}.

${table(
  ["page", "requests", "bytes (B)", "to first operation", "each load (ms)", "bytes ratio", "time ratio"],
  [
    row("redoc", "Redoc (baseline)", ["1.00×", "1.00×"]),
    row("reference", "Swagger UI + in-page mock", [`**${x(bytesRatio)}**`, `**${x(msRatio)}**`]),
  ],
)}`;
}

function importSection({ runs, ms, nodeRatio, indexRatio, breakDown }) {
  return `## 8. Import cost

Milliseconds a fresh Node process spends in \`await import(…)\` (measured inside it, so process start-up is left
out), from packages/mock so both sides resolve the same msw; the four alternate, median of ${runs}. A test file
pays this once (vitest isolates files).

${table(
  ["import", "ms", "ratio"],
  [
    ["`msw/node` (baseline)", fixed(ms["msw/node"], 0), "1.00×"],
    ["`@petstore/mock/node`", fixed(ms["@petstore/mock/node"], 0), `**${x(nodeRatio)}**`],
    ["`msw` (baseline)", fixed(ms.msw, 0), "1.00×"],
    ["`@petstore/mock`", fixed(ms["@petstore/mock"], 0), `**${x(indexRatio)}**`],
  ],
)}

Where \`@petstore/mock/node\`'s time goes, one import after the other in one fresh process (median of ${runs}):

${table(
  ["loaded", "ms"],
  [
    ["`msw/node`", fixed(breakDown.mswNode, 0)],
    ["msw's `http` on top (`msw/core/http` on msw 2, `msw/http` on msw 3)", fixed(breakDown.mswHttp, 0)],
    ["the mock's own code on top (store, operations, validators, `@msw/data` bundled)", fixed(breakDown.mock, 0)],
  ],
)}

The budget: \`@petstore/mock/node\` at most 1.25× \`msw/node\`, \`@petstore/mock\` at most 1.25× \`msw\`. The Node entry takes
msw's \`http\` from the subpath that holds it alone, not from msw's main entry, which also loads msw's GraphQL
support; \`@petstore/mock\` (like \`msw\`) loads that main entry. \`@msw/data\` and the few es-toolkit functions it uses
are bundled into the mock's \`dist\`, so their module loading is gone. The control API's handler (its validators and
the snapshot checks, about 120 kB of the bundle) is imported by the servers' pipeline with the first request under
\`/__petstore/\`, and the state file is not re-exported by \`node/\`'s barrel, so neither loads with the Node entry.`;
}

function testFileSection({ runs, tests, baseline, ours, ratio }) {
  return `## 9. The cost of a test file

One vitest file of ${tests} tests, each a \`fetch\` of GET /pets, run by a fresh \`vitest run\` (wall time, the two
files alternating, median of ${runs}): with \`setupPetstoreServer()\` and \`reset()\` after each test, against
the same file with one hand-written msw handler and \`resetHandlers()\`. vitest loads \`@petstore/mock\` as it loads
an installed package, untransformed (\`server.deps.external\`): this workspace links it from outside node_modules,
which would have vitest transform its bundle in every file, about 250 ms more a file that no user installing it pays.

${table(
  ["file", "ms", "ratio"],
  [
    ["one hand-written msw handler (baseline)", fixed(baseline, 0), "1.00×"],
    ["`setupPetstoreServer` + `reset()` after each test", fixed(ours, 0), `**${x(ratio)}**`],
  ],
)}`;
}

function quickstartSection({ emptyStore, light, whole }) {
  const row = (label, key) => [label, fixed(light[key], 1), ...(whole ? [fixed(whole[key], 1)] : [])];
  return `## 15. Quickstart

A new user's first minute: \`git clone\` of the repository's last commit, then \`pnpm start\` (the README's first
command after pnpm itself) until it prints the SDK's first answer. ${emptyStore ? "With an empty pnpm store: every package is downloaded from the registry, as on a new machine." : "Smoke run: the packages come from this machine's pnpm store, and no baseline."} On first use \`pnpm start\` installs only what the mock and the SDK need (\`pnpm install --filter @petstore/mock --filter @petstore/sdk\`, which brings the workspace root too), builds them, and serves. The baseline: the same start after a whole \`pnpm install\` (every example's runtime and framework), as the quickstart was before.

${table(
  ["step (seconds)", "`pnpm start` alone", ...(whole ? ["baseline: `pnpm install && pnpm start`"] : [])],
  [
    row("git clone", "clone"),
    row("install", "install"),
    row("build, start, first SDK answer", "buildAndServe"),
    [
      "**clone → first SDK answer**",
      `**${fixed(light.total, 1)}**`,
      ...(whole ? [`${fixed(whole.total, 1)} (${x(light.total / whole.total)})`] : []),
    ],
  ],
)}`;
}

function resetSection({ demo, large, seeded, whole, before }) {
  const row = (label, result) => [label, int(result.runs), ms(result.p50), ms(result.p95)];
  return `## 10. Reset

\`reset()\` of a store (what \`server.reset()\`, \`worker.reset()\` and a reset between tests run), timed alone in one
process, through \`@petstore/mock\`'s build; p95 is the nearest-rank 95th percentile. A reset undoes the changes
since the seed record by record when a table has at most 100 of them, and otherwise puts the table back whole
(a new collection, then one validated @msw/data \`create()\` per record of the seed); tables not written are
left alone. The demo data: seeded, one pet created through the app, reset, again and again (after ten warm-up
resets). A store of ${int(large.pets)} pets: seeded with the demo data, filled with pets past it, reset back to the
20 pets. A store seeded with ${int(seeded.pets)} pets: an order placed through the app, reset. The reference row
places 150 orders first, so the orders and stock tables are put back whole: no budget covers that case yet.

${table(
  ["reset", "runs", "p50", "p95"],
  [
    row(`the demo data (${int(demo.pets)} pets), after one write`, demo),
    row(`a store of ${int(large.pets)} pets, back to the demo data`, large),
    row(`a store seeded with ${int(seeded.pets)} pets, after an order`, seeded),
    row(`(reference) a store seeded with ${int(whole.pets)} pets, after ${int(whole.orders)} orders`, whole),
  ],
)}

Before this build, emptying a table used the @msw/data collection's own \`clear()\`, which deletes records one at a
time, each a scan of the collection: at ${int(before.pets)} pets, \`collection.clear()\` took ${ms(before.clearMs)} where
\`reset()\` of a store of ${int(before.pets)} pets now takes ${ms(before.resetMs)} (${x(before.clearMs / before.resetMs)}).`;
}

function workerSection({ connections, duration, rounds, bundle: size, results }) {
  const spread = (values) => values.map((value) => fixed(value, 2)).join("–");
  const rows = results.map(({ name, node, worker, baseline, ratio, ratioRange, baselineRatio, baselineRange }) => [
    name,
    int(node.rps),
    int(worker.rps),
    int(baseline.rps),
    `**${x(ratio)}** (${spread(ratioRange)})`,
    `**${x(baselineRatio)}** (${spread(baselineRange)})`,
    `${node.p50} / ${node.p99} ms`,
    `${worker.p50} / ${worker.p99} ms`,
  ]);
  const wrangler = size.wrangler
    ? ` (wrangler's own figures: ${kb(size.wrangler.raw)} / gzip ${kb(size.wrangler.gzip)})`
    : "";
  return `## 12. Cloudflare Worker

\`node bench/run.mjs --only worker\`. **Bundle**: \`wrangler deploy --dry-run --outdir\` of \`examples/cloudflare-worker\`
(the Worker over \`@petstore/mock/worker\`, everything it imports inlined): ${kb(size.raw)}, ${kb(size.gzip)} gzip -9${wrangler},
${x(size.gzip / size.limit)} of the Workers Free plan's 3 MB limit after compression.

**Throughput**: \`wrangler dev\` (local workerd behind wrangler's dev proxy, one Durable Object per session, each write
in its SQLite storage before the response leaves) beside the \`petstore-mock\` CLI on Node, under the same load:
autocannon in its own process, ${connections} connections, ${rounds} round(s) of ${duration} s per side after a warm-up, the sides
alternating which goes first; each round orders from a fresh CLI and a new session of the Worker (pet 2 restocked to
1,000,000 in both). Requests/s are each side's median round; the ratio (Worker / Node) is the median of the per-round
ratios (their range in brackets). The baseline is a Worker routing the same way, to a Durable Object that answers a
fixed body (\`bench/lib/worker-baseline/\`), under the same \`wrangler dev\`: the ceiling of the dev server itself.
\`wrangler dev\` is a development server: deployed Workers run elsewhere and scale out per session, so this says what a
laptop run costs, not what Cloudflare serves.

${table(["endpoint", "Node CLI req/s", "Worker req/s", "baseline Worker req/s", "Worker / Node", "Worker / baseline", "Node latency p50 / p99", "Worker latency p50 / p99"], rows)}`;
}

function captureOrdersSection({ orders, runs, complete, sold }) {
  const row = (label, result) => [
    label,
    seconds(result.seconds),
    result.times.map((value) => fixed(value, 1)).join(", "),
    result.status,
  ];
  return `## 16. Capture of one pet's orders

\`node bench/run.mjs --only capture-orders\`: \`petstore-verify capture\` (the built CLI, spawned; process start
included) against a node:http backend serving one pet with ${int(orders)} orders, 100 a page (${int(orders / 100)} pages, at
\`--rate 100000\`), median of ${runs} run(s). Grouping the orders by pet and the findings by rule rebuilt an array per
record, so the capture was quadratic in one pet's orders (5,000 took 1.2–1.9 s, 20,000 16–28 s); now one push each.

${table(
  ["backend", "wall time", "runs (s)", "exit status"],
  [
    row(`one pet, ${int(orders)} complete orders (all kept)`, complete),
    row(`one sold pet, ${int(orders)} open orders (all left out by open-order-of-sold-pet, reported)`, sold),
  ],
)}`;
}

const loads = (values) => values.map((value) => fixed(value, 1)).join(", ");

export async function renderReport(results, { smoke, failures, loadAtStart }) {
  const list = targets(results);
  const sections = {
    throughput: throughputSection,
    "build-ab": buildAbSection,
    gate: (gate) => gateSection(gate, { table, x, us, range }),
    // Part of section 1 when the throughput ran too; on its own otherwise.
    sessions: (sessions, all) =>
      all.throughput ? "" : `## 1. Standalone server throughput\n${sessionsSubsection(sessions)}`,
    runtimes: runtimesSection,
    "cold-start": coldStartSection,
    "in-process": inProcessSection,
    "cost-growth": costGrowthSection,
    "bundle-size": bundleSection,
    profile: profileSection,
    "reference-page": referenceSection,
    "import-cost": importSection,
    "test-file-cost": testFileSection,
    reset: resetSection,
    worker: workerSection,
    quickstart: quickstartSection,
    "capture-orders": captureOrdersSection,
  };
  const cpus = os.cpus();
  const versions = Object.entries(VERSIONS)
    .map(([name, dir]) => `${name} ${version(dir, name)}`)
    .join(", ");
  const markdown = `# Benchmarks

${smoke ? `**Smoke run: tiny durations and sizes (each autocannon load at most ${SMOKE_REQUESTS} requests within its duration; the gate's rounds stop once they decide); these figures say nothing about speed.**\n\n` : ""}Written by \`node bench/run.mjs${smoke ? " --smoke" : ""}\` on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}. Every figure is set beside a baseline measured in
the same run.

- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}
- Load average (1, 5, 15 min) at the start of the run: ${loads(loadAtStart)}; at the end: ${loads(os.loadavg())} (other work on a shared machine slows both sides of a comparison, but not always alike)
- Node ${process.version}; ${versions}; repository at ${commit()}
${failures.length ? `- **Failed:** ${failures.join(", ")}\n` : ""}
## Targets

${table(
  ["target", "measured", "budget", "result"],
  list.map((target) => [
    target.label,
    target.shown ?? target.show(target.value),
    target.budget,
    target.met ? target.verdict : `**${target.verdict}**`,
  ]),
)}

${Object.entries(sections)
  .filter(([name]) => results[name])
  .map(([name, render]) => render(results[name], results))
  .filter(Boolean)
  .join("\n\n")}

## For the README

${table(
  ["benchmark (same run, same machine)", "measured", "target", ""],
  list.map((target) => [
    target.label,
    target.shown ?? target.show(target.value),
    target.budget,
    target.met ? "✅" : "❌",
  ]),
)}
`;
  return {
    markdown,
    missed: list.filter((target) => !target.met).map((target) => `${target.label}: ${target.verdict}`),
  };
}
