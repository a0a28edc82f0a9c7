// 1b. What sessions cost, on the standalone CLI with the throughput bench's method (autocannon in its own
// process, the variants alternating round by round, paired per-round ratios):
// - requests WITHOUT `X-Petstore-Session` on a mock where 100 other sessions are live, against the same
//   requests on a fresh mock holding only `default` (the budget: no measurable cost);
// - GET /pets WITH `X-Petstore-Session: bench` against the same request without it, on one mock (no budget).
// Both variants of a comparison run this build: there is no mock "before sessions" here (that would mean
// building an old commit), so the figure is what other live sessions cost a request that names none.
import { AUTH, log, MOCK_DIR, median, middle } from "./lib/common.mjs";
import { sendRequests } from "./lib/gate/load.mjs";
import { serverCpuUs, startProbedServer } from "./lib/gate/server.mjs";
import { load, startStockedMock, TARGETS } from "./throughput.mjs";

export const OTHER_SESSIONS = 100;
// `default` and the 100 others; both variants start with the same flags, so only the live sessions differ.
const ARGS = ["--max-sessions", String(OTHER_SESSIONS + 1)];
const SESSION = "X-Petstore-Session";

const settings = (smoke) =>
  smoke
    ? { connections: 2, warmup: 0, duration: 0.3, rounds: 1 }
    : { connections: 10, warmup: 1, duration: 2, rounds: 5 };

/**
 * Sends 100 GET /pets, each with `X-Petstore-Session: s1`…`s100` when `open` (opening those sessions), else
 * without the header (so both mocks have served the same requests first); checks the sessions the mock lists.
 */
async function sendHundred(mock, open) {
  for (let index = 1; index <= OTHER_SESSIONS; index++) {
    const headers = open ? { ...AUTH, [SESSION]: `s${index}` } : AUTH;
    const response = await fetch(`${mock.url}/pets?limit=1`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) {
      throw new Error(`GET /pets${open ? ` with ${SESSION}: s${index}` : ""}: ${response.status}`);
    }
  }
  const expected = open ? OTHER_SESSIONS + 1 : 1;
  const list = await fetch(`${mock.url}/__petstore/sessions`, { headers: AUTH });
  const body = await list.json();
  const count = (Array.isArray(body) ? body : (body.sessions ?? body.items ?? [])).length;
  if (list.status !== 200 || count !== expected) {
    throw new Error(`GET /__petstore/sessions: expected ${expected} sessions, got ${list.status} ${count}`);
  }
}

/** Per-round paired ratios of `runs[subject]` to `runs[baseline]`: req/s and server CPU per request. */
function compare(runs, subject, baseline) {
  const ratios = runs[subject].map((result, round) => result.rps / runs[baseline][round].rps);
  const cpuRatios = runs[subject].map(
    (result, round) => result.serverCpuUsPerRequest / runs[baseline][round].serverCpuUsPerRequest,
  );
  return {
    [baseline]: middle(runs[baseline], "rps"),
    [subject]: middle(runs[subject], "rps"),
    ratio: median(ratios),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    cpuRatio: median(cpuRatios),
  };
}

/** Without the header: a fresh mock against one holding 100 other live sessions, each round from fresh mocks. */
async function otherSessionsCost(target, { connections, warmup, duration, rounds }) {
  const runs = { fresh: [], crowded: [] };
  for (let round = 0; round < rounds; round++) {
    const variants = ["fresh", "crowded"];
    // Each goes first every other round, so neither always runs on the warmer (or busier) machine.
    for (const name of round % 2 ? variants.reverse() : variants) {
      const mock = await startStockedMock(ARGS);
      try {
        await sendHundred(mock, name === "crowded");
        if (warmup) {
          await load(mock, target, connections, warmup);
        }
        const result = await load(mock, target, connections, duration);
        runs[name].push(result);
        log(
          `  ${target.name} ${name === "fresh" ? "no other session " : `${OTHER_SESSIONS} other sessions`} ${Math.round(result.rps)} req/s`,
        );
      } finally {
        await mock.stop();
      }
    }
  }
  return { name: target.name, ...compare(runs, "crowded", "fresh") };
}

/** GET /pets with `X-Petstore-Session: bench` against without it, both on one fresh mock a round. */
async function headerCost(target, { connections, warmup, duration, rounds }) {
  const variants = {
    without: target,
    with: { ...target, headers: { ...target.headers, [SESSION]: "bench" } },
  };
  const runs = { without: [], with: [] };
  for (let round = 0; round < rounds; round++) {
    const mock = await startStockedMock(ARGS);
    try {
      const order = Object.entries(variants);
      for (const [, variant] of warmup ? order : []) {
        await load(mock, variant, connections, warmup);
      }
      for (const [name, variant] of round % 2 ? order.reverse() : order) {
        const result = await load(mock, variant, connections, duration);
        runs[name].push(result);
        log(
          `  ${target.name} ${name === "with" ? `with ${SESSION}` : "without header     "} ${Math.round(result.rps)} req/s`,
        );
      }
    } finally {
      await mock.stop();
    }
  }
  return { name: target.name, session: "bench", ...compare(runs, "with", "without") };
}

export const MANY_SESSIONS = 1_000;

/** Opens `count` sessions on `mock` (one GET /pets?limit=1 each, 10 at a time), or sends those requests without the header. */
async function openSessions(mock, count, open) {
  let next = 1;
  const lane = async () => {
    for (let index = next++; index <= count; index = next++) {
      const headers = open ? { ...AUTH, [SESSION]: `s${index}` } : AUTH;
      const response = await fetch(`${mock.url}/pets?limit=1`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) {
        throw new Error(`GET /pets${open ? ` with ${SESSION}: s${index}` : ""}: ${response.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, lane));
  const list = await fetch(`${mock.url}/__petstore/sessions`, { headers: AUTH });
  const body = await list.json();
  const live = (Array.isArray(body) ? body : (body.sessions ?? body.items ?? [])).length;
  if (list.status !== 200 || live !== (open ? count + 1 : 1)) {
    throw new Error(`GET /__petstore/sessions: expected ${open ? count + 1 : 1} sessions, got ${list.status} ${live}`);
  }
}

/**
 * GET /pets?limit=20 without the header: server CPU per request (process.cpuUsage() inside each server) on a mock
 * holding 1,000 other live sessions against one holding only `default` that was sent the same 1,000 requests without
 * the header; both alive at once, the rounds interleaved (each first every other round), paired per-round ratios.
 */
async function manySessionsCpu(smoke) {
  // The smoke run (CI) checks that the part runs: a tenth of the sessions, one short round.
  const { sessions, warmup, requests, rounds } = smoke
    ? { sessions: MANY_SESSIONS / 10, warmup: 50, requests: 200, rounds: 1 }
    : { sessions: MANY_SESSIONS, warmup: 3000, requests: 5000, rounds: 7 };
  const connections = 4;
  const target = TARGETS.find(({ name }) => name === "GET /pets?limit=20");
  const args = ["--max-sessions", String(sessions + 1)];
  const mocks = {};
  try {
    for (const name of ["fresh", "crowded"]) {
      mocks[name] = await startProbedServer(`${MOCK_DIR}/bin/petstore-mock.js`, { args, name });
      await openSessions(mocks[name], sessions, name === "crowded");
      await sendRequests(mocks[name].url, target, warmup, connections);
    }
    const runs = { fresh: [], crowded: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? ["crowded", "fresh"] : ["fresh", "crowded"];
      for (const name of order) {
        const before = await serverCpuUs(mocks[name]);
        await sendRequests(mocks[name].url, target, requests, connections);
        runs[name].push(((await serverCpuUs(mocks[name])) - before) / requests);
      }
    }
    const ratios = runs.crowded.map((value, round) => value / runs.fresh[round]);
    const result = {
      name: target.name,
      sessions,
      requests,
      rounds,
      fresh: median(runs.fresh),
      crowded: median(runs.crowded),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    };
    log(
      `  ${target.name}, CPU per request, ${sessions} other sessions vs none: ${result.ratio.toFixed(2)}× (rounds ${result.ratioRange.map((r) => r.toFixed(2)).join("–")})`,
    );
    return result;
  } finally {
    await Promise.all(Object.values(mocks).map((mock) => mock.stop()));
  }
}

export default async function sessions({ smoke }) {
  const options = settings(smoke);
  const { connections, duration, rounds } = options;
  log(`sessions: petstore-mock ${ARGS.join(" ")}; ${connections} connections, ${rounds}×${duration}s per variant`);
  const get = TARGETS.find((target) => target.name === "GET /pets?limit=20");
  const post = TARGETS.find((target) => target.name === "POST /store/orders");
  const withoutHeader = [];
  // The smoke run only checks that every part runs: each autocannon process takes a second or more to
  // start on a busy machine, so it measures GET /pets alone there (POST /store/orders goes the same way).
  for (const target of smoke ? [get] : [get, post]) {
    withoutHeader.push(await otherSessionsCost(target, options));
  }
  const withHeader = await headerCost(get, options);
  const manySessions = await manySessionsCpu(smoke);
  return { connections, duration, rounds, otherSessions: OTHER_SESSIONS, withoutHeader, withHeader, manySessions };
}
