// 2. Cold start: from spawning the process to the first successful GET /pets?limit=20, for the
// petstore-mock CLI and for a raw node:http server script; the median of several runs of each.
import { startCli } from "@petstore/testing/cli";
import { log, median, startRawServer } from "./lib/common.mjs";
import { capture, TARGETS } from "./throughput.mjs";

/** Milliseconds from spawning the server to its first checked answer. */
async function coldStart(start) {
  const server = await start();
  try {
    await capture(server.url, TARGETS[0]);
    return performance.now() - server.startedAt;
  } finally {
    await server.stop();
  }
}

export default async function coldStarts({ smoke }) {
  const runs = smoke ? 1 : 9;
  // The raw server answers with the bytes the mock answers with, like in the throughput run.
  const mock = await startCli();
  let captured;
  try {
    captured = { [`GET ${TARGETS[0].path}`]: await capture(mock.url, TARGETS[0]) };
  } finally {
    await mock.stop();
  }
  const starts = { raw: () => startRawServer(captured), mock: () => startCli() };
  const times = { raw: [], mock: [] };
  // Alternate, so that a noisy neighbour or a warm disk cache favours neither.
  for (let run = 0; run < runs; run++) {
    for (const [name, start] of Object.entries(starts)) {
      times[name].push(await coldStart(start));
    }
  }
  const raw = median(times.raw);
  const mockMs = median(times.mock);
  log(`cold start: raw ${raw.toFixed(0)} ms, mock ${mockMs.toFixed(0)} ms (median of ${runs})`);
  return { runs, raw, mock: mockMs, ratio: mockMs / raw, times };
}
