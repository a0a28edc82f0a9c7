// One build's in-process call for the gate, in a process of its own: the SDK (this checkout's) through that build's
// createPetstoreFetch, GET /pets?limit=20 as bench/in-process.mjs calls it. Usage (by bench/gate.mjs, with an IPC
// channel): node in-process-child.mjs <packages/mock/dist/index.js of the build>. Answers each message `{ calls }`
// with the CPU time (process.cpuUsage(), µs) those calls, one after another, took. PETSTORE_BENCH_SLOW_US=N spins
// N µs in every call (the deliberately slowed build).
import { pathToFileURL } from "node:url";
import { createPetstoreClient } from "@petstore/sdk";
import { API_KEY, BASE_URL } from "../common.mjs";
import { spin } from "./spin.mjs";

const { createPetstoreFetch } = await import(pathToFileURL(process.argv[2]).href);
const client = createPetstoreClient({
  baseUrl: BASE_URL,
  apiKey: API_KEY,
  fetch: createPetstoreFetch({ baseUrl: BASE_URL }),
});
const slowUs = Number(process.env.PETSTORE_BENCH_SLOW_US ?? 0);

async function call() {
  if (slowUs > 0) {
    spin(slowUs);
  }
  const { data, response } = await client.GET("/pets", { params: { query: { limit: 20 } } });
  if (response.status !== 200 || data?.length !== 20) {
    throw new Error(`GET /pets?limit=20 answered ${response.status} ${JSON.stringify(data)}`);
  }
}

process.on("message", async ({ calls }) => {
  // A full collection first (forked with --expose-gc), as the gate's servers run before each round.
  globalThis.gc?.();
  const started = process.cpuUsage();
  for (let index = 0; index < calls; index++) {
    await call();
  }
  const { user, system } = process.cpuUsage(started);
  process.send({ cpuUs: user + system });
});
process.send({ ready: true });
