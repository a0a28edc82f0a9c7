// 2. Cold start: from spawning the process to the first successful GET /pets?limit=20, for the
// petstore-mock CLI and for a raw node:http server script; the median of several runs of each.
import { AUTH, CLI, log, median, RAW_SERVER, startServer, stop } from "./lib/common.mjs";

const PATH = "/pets?limit=20";

async function coldStart(args) {
  const server = await startServer(args);
  try {
    const response = await fetch(`${server.url}${PATH}`, { headers: AUTH });
    await response.arrayBuffer();
    if (response.status !== 200) {
      throw new Error(`${args.join(" ")}: GET ${PATH} answered ${response.status}`);
    }
    return performance.now() - server.spawnedAt;
  } finally {
    await stop(server.child);
  }
}

export default async function coldStarts({ smoke }) {
  const runs = smoke ? 1 : 9;
  // The raw server answers with the bytes the mock answers with, like in the throughput run.
  const mock = await startServer([CLI, "--port", "0"]);
  let response;
  let body;
  try {
    response = await fetch(`${mock.url}${PATH}`, { headers: AUTH });
    body = await response.text();
  } finally {
    await stop(mock.child);
  }
  const headers = { "content-type": "application/json", "x-total-count": response.headers.get("x-total-count") };
  const captured = { [`GET ${PATH}`]: { status: response.status, headers, body } };
  const commands = { raw: [RAW_SERVER, JSON.stringify(captured)], mock: [CLI, "--port", "0"] };
  const times = { raw: [], mock: [] };
  // Alternate, so that a noisy neighbour or a warm disk cache favours neither.
  for (let run = 0; run < runs; run++) {
    for (const [name, args] of Object.entries(commands)) {
      times[name].push(await coldStart(args));
    }
  }
  const raw = median(times.raw);
  const mockMs = median(times.mock);
  log(`cold start: raw ${raw.toFixed(0)} ms, mock ${mockMs.toFixed(0)} ms (median of ${runs})`);
  return { runs, raw, mock: mockMs, ratio: mockMs / raw, times };
}
