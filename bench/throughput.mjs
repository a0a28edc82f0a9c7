// 1. Standalone server throughput: the petstore-mock CLI against a raw node:http server that sends
// the very bytes the mock sent, under the same load from a separate process (autocannon).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCli } from "@petstore/testing/cli";
import { AUTH, cpuMs, log, median, middle, startRawServer } from "./lib/common.mjs";
import { generateLoad } from "./lib/load.mjs";

const ORDER = JSON.stringify({ petId: 2, quantity: 1 });
const JSON_HEADERS = { ...AUTH, "Content-Type": "application/json" };
export const TARGETS = [
  { name: "GET /pets?limit=20", method: "GET", path: "/pets?limit=20", headers: AUTH, status: 200 },
  { name: "GET /pets/{petId}", method: "GET", path: "/pets/1", headers: AUTH, status: 200 },
  {
    name: "POST /store/orders",
    method: "POST",
    path: "/store/orders",
    headers: JSON_HEADERS,
    body: ORDER,
    status: 201,
    creates: true,
  },
];

const settings = (smoke) =>
  smoke
    ? { connections: 2, warmup: 0, duration: 0.5, rounds: 1 }
    : { connections: 10, warmup: 1, duration: 2, rounds: 5 };

/** One request as the load generator will send it; returns what came back, headers and body bytes. */
export async function capture(url, target) {
  const response = await fetch(`${url}${target.path}`, {
    method: target.method,
    headers: target.headers,
    body: target.body,
  });
  const body = await response.text();
  if (response.status !== target.status) {
    throw new Error(`${target.name}: expected ${target.status}, got ${response.status} ${body}`);
  }
  const headers = {};
  for (const [name, value] of response.headers) {
    if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) {
      headers[name] = value;
    }
  }
  return { status: response.status, headers, body };
}

/** Runs autocannon in its own process against one server; also measures the server's CPU time. */
export async function load(server, target, connections, duration) {
  const cpuBefore = await cpuMs(server.child.pid);
  const options = { url: `${server.url}${target.path}`, method: target.method, headers: target.headers };
  if (target.body) {
    options.body = target.body;
  }
  const result = await generateLoad({ ...options, connections, duration });
  result.serverCpuUsPerRequest = (((await cpuMs(server.child.pid)) - cpuBefore) * 1000) / result.requests;
  const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== target.status);
  if (result.errors || result.timeouts || wrong.length || !result.requests) {
    throw new Error(
      `${target.name}: expected only ${target.status}, got ${JSON.stringify(result.statuses)}, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  }
  return result;
}

/** Gives pet 2 a stock that lasts: every order below takes one unit, so every one of them must be a 201. */
export async function restock(mock) {
  const response = await fetch(`${mock.url}/store/inventory/2`, {
    method: "PUT",
    headers: JSON_HEADERS,
    body: JSON.stringify({ quantity: 1_000_000 }),
  });
  if (response.status !== 200) {
    await mock.stop();
    throw new Error(`PUT /store/inventory/2: ${response.status} ${await response.text()}`);
  }
  return mock;
}

/** The petstore-mock CLI, restocked. */
export async function startStockedMock(args = [], cliOptions) {
  return restock(await startCli(args, cliOptions));
}

/**
 * POST /store/orders on `petstore-mock --state FILE` against the same CLI without it, round by round
 * from fresh mocks (and a new file each round), so the ratio is what keeping the state file costs.
 */
async function stateFileCost({ connections, warmup, duration, rounds }) {
  const target = TARGETS.find((candidate) => candidate.name === "POST /store/orders");
  const folder = await mkdtemp(join(tmpdir(), "petstore-bench-state-"));
  const runs = { memory: [], stateFile: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const variants = Object.entries({ memory: [], stateFile: ["--state", join(folder, `round-${round}.json`)] });
      // Each goes first every other round, so neither always runs on the warmer (or busier) machine.
      for (const [name, args] of round % 2 ? variants.reverse() : variants) {
        const mock = await startStockedMock(args);
        try {
          if (warmup) {
            await load(mock, target, connections, warmup);
          }
          const result = await load(mock, target, connections, duration);
          runs[name].push(result);
          log(
            `  POST /store/orders ${name === "memory" ? "in memory " : "--state   "} ${Math.round(result.rps)} req/s`,
          );
        } finally {
          await mock.stop();
        }
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const ratios = runs.stateFile.map((result, round) => result.rps / runs.memory[round].rps);
  const cpuRatios = runs.stateFile.map(
    (result, round) => result.serverCpuUsPerRequest / runs.memory[round].serverCpuUsPerRequest,
  );
  return {
    name: target.name,
    memory: middle(runs.memory, "rps"),
    stateFile: middle(runs.stateFile, "rps"),
    ratio: median(ratios),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    cpuRatio: median(cpuRatios),
  };
}

export default async function throughput({ smoke }) {
  const { connections, warmup, duration, rounds } = settings(smoke);
  let mock = await startStockedMock();
  let raw;
  const results = [];
  try {
    log(`throughput: petstore-mock at ${mock.url}; ${connections} connections, ${rounds}×${duration}s per target`);
    const captured = {};
    for (const target of TARGETS) {
      captured[`${target.method} ${target.path}`] = await capture(mock.url, target);
    }
    raw = await startRawServer(captured);

    for (const target of TARGETS) {
      const servers = { raw, mock };
      const runs = { raw: [], mock: [] };
      for (const server of warmup ? Object.values(servers) : []) {
        await load(server, target, connections, warmup);
      }
      // Alternate the two servers round by round, so a noisy neighbour hurts both alike.
      for (let round = 0; round < rounds; round++) {
        if (target.creates && round > 0) {
          // The document caps the records a store holds (x-limits), and a round of orders comes
          // close to it: each round after the first orders from a fresh mock, warmed up like the first.
          await mock.stop();
          mock = await startStockedMock();
          servers.mock = mock;
          if (warmup) {
            await load(mock, target, connections, warmup);
          }
        }
        for (const [name, server] of Object.entries(servers)) {
          const result = await load(server, target, connections, duration);
          runs[name].push(result);
          log(`  ${target.name} ${name.padEnd(4)} ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
        }
      }
      // Each round runs both servers back to back, so the ratio is taken round by round (paired),
      // and the median of those ratios is reported; the figures shown are each server's median round.
      const ratios = runs.mock.map((result, round) => result.rps / runs.raw[round].rps);
      const cpuRatios = runs.mock.map((r, round) => r.serverCpuUsPerRequest / runs.raw[round].serverCpuUsPerRequest);
      results.push({
        name: target.name,
        raw: middle(runs.raw, "rps"),
        mock: middle(runs.mock, "rps"),
        ratio: median(ratios),
        ratioRange: [Math.min(...ratios), Math.max(...ratios)],
        cpuRatio: median(cpuRatios),
      });
    }
  } finally {
    await Promise.all([mock.stop(), raw?.stop()]);
  }
  const stateFile = await stateFileCost({ connections, warmup, duration, rounds });
  return { connections, duration, rounds, results, stateFile };
}
