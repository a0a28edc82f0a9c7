// 1. Standalone server throughput: the petstore-mock CLI against a raw node:http server that sends
// the very bytes the mock sent, under the same load from a separate process (autocannon).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startCli } from "@petstore/testing/cli";
import { AUTH, cpuMs, log, median, middle, startRawServer } from "./lib/common.mjs";

const run = promisify(execFile);
const LOAD = new URL("./lib/load.mjs", import.meta.url).pathname;

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
  const { stdout } = await run(process.execPath, [LOAD, JSON.stringify({ ...options, connections, duration })], {
    timeout: (duration + 30) * 1000,
  });
  const result = JSON.parse(stdout);
  result.serverCpuUsPerRequest = (((await cpuMs(server.child.pid)) - cpuBefore) * 1000) / result.requests;
  const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== target.status);
  if (result.errors || result.timeouts || wrong.length || !result.requests) {
    throw new Error(
      `${target.name}: expected only ${target.status}, got ${JSON.stringify(result.statuses)}, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  }
  return result;
}

/** A mock whose stock lasts: every order below takes one unit, so every one of them must be a 201. */
export async function startStockedMock(cliOptions) {
  const mock = await startCli([], cliOptions);
  const restock = await fetch(`${mock.url}/store/inventory/2`, {
    method: "PUT",
    headers: JSON_HEADERS,
    body: JSON.stringify({ quantity: 1_000_000 }),
  });
  if (restock.status !== 200) {
    await mock.stop();
    throw new Error(`PUT /store/inventory/2: ${restock.status} ${await restock.text()}`);
  }
  return mock;
}

export default async function throughput({ smoke }) {
  const { connections, warmup, duration, rounds } = settings(smoke);
  let mock = await startStockedMock();
  let raw;
  try {
    log(`throughput: petstore-mock at ${mock.url}; ${connections} connections, ${rounds}×${duration}s per target`);
    const captured = {};
    for (const target of TARGETS) {
      captured[`${target.method} ${target.path}`] = await capture(mock.url, target);
    }
    raw = await startRawServer(captured);

    const results = [];
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
    return { connections, duration, rounds, results };
  } finally {
    await Promise.all([mock.stop(), raw?.stop()]);
  }
}
