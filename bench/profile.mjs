// 6. Where the time goes: V8 CPU profiles (--cpu-prof) of the petstore-mock CLI under load
// (GET /pets and POST /store/orders) and while it starts, and of SDK calls over the in-memory
// fetch. The .cpuprofile files stay in bench/.tmp/profiles/ (open them in Chrome DevTools); the
// report gets a summary of each, start-up and warm-up left out where load is measured.
import { execFile } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import { promisify } from "node:util";
import { startCli } from "@petstore/testing/cli";
import { log, ROOT } from "./lib/common.mjs";
import { summarize } from "./lib/cpu-profile.mjs";
import { requestStages } from "./lib/request-stages.mjs";
import { capture, load, startStockedMock, TARGETS } from "./throughput.mjs";

const run = promisify(execFile);
const flags = (dir, name) => ["--cpu-prof", `--cpu-prof-dir=${ROOT}${dir}`, `--cpu-prof-name=${name}.cpuprofile`];
const read = async (dir, name, fromMs) =>
  summarize(JSON.parse(await readFile(`${ROOT}${dir}/${name}.cpuprofile`, "utf8")), { fromMs });
const stages = async (dir, name, fromMs) =>
  requestStages(JSON.parse(await readFile(`${ROOT}${dir}/${name}.cpuprofile`, "utf8")), { fromMs });

/** The CLI under `seconds` of load on one endpoint; only the samples taken under load count. */
async function cliUnderLoad(dir, target, seconds) {
  const name = `cli-${target.method.toLowerCase()}-${target.path.replace(/^\//, "").replace(/[/?=]/g, "-")}`;
  const server = await startStockedMock([], { nodeArgs: flags(dir, name) });
  let fromMs;
  let cpuUsPerRequest;
  try {
    fromMs = performance.now() - server.startedAt;
    ({ serverCpuUsPerRequest: cpuUsPerRequest } = await load(server, target, 10, seconds));
  } finally {
    await server.stop();
  }
  return { ...(await read(dir, name, fromMs)), cpuUsPerRequest, stages: await stages(dir, name, fromMs) };
}

/** The CLI from spawn to its first answer: what the cold start pays for. */
async function cliStart(dir) {
  const server = await startCli([], { nodeArgs: ["--cpu-prof-interval=100", ...flags(dir, "cli-start")] });
  try {
    await capture(server.url, TARGETS[0]);
  } finally {
    await server.stop();
  }
  return read(dir, "cli-start", 0);
}

/** SDK calls over the in-memory fetch, back to back, in a process of their own; warm-up left out. */
async function sdkInMemory(dir, ms) {
  const code = `
    import { createPetstoreFetch } from "@petstore/mock";
    import { createPetstoreClient } from "@petstore/sdk";
    const client = createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "petstore-demo-key", fetch: createPetstoreFetch() });
    const loop = async (ms) => { for (const end = performance.now() + ms; performance.now() < end; ) await client.GET("/pets", { params: { query: { limit: 20 } } }); };
    await loop(300);
    console.log(performance.now());
    await loop(${ms});`;
  const { stdout } = await run(process.execPath, [...flags(dir, "sdk-in-memory"), "--input-type=module", "-e", code], {
    cwd: ROOT,
  });
  return read(dir, "sdk-in-memory", Number(stdout));
}

export default async function profiles({ smoke }) {
  const seconds = smoke ? 0.2 : 3;
  // A smoke run keeps its profiles apart, so it never replaces those the full report points to.
  const dir = smoke ? "bench/.tmp/profiles-smoke" : "bench/.tmp/profiles";
  await rm(`${ROOT}${dir}`, { recursive: true, force: true });
  await mkdir(`${ROOT}${dir}`, { recursive: true });
  const result = {};
  for (const target of TARGETS) {
    result[`petstore-mock CLI under load: ${target.name}`] = await cliUnderLoad(dir, target, seconds);
    log(`profile: CLI under load, ${target.name}`);
  }
  result["petstore-mock CLI: spawn to first response"] = await cliStart(dir);
  log("profile: CLI start");
  result["SDK → in-memory fetch: GET /pets?limit=20, back to back"] = await sdkInMemory(dir, seconds * 1000);
  log("profile: SDK → in-memory fetch");
  return { dir, profiles: result };
}
