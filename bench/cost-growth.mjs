// 4. Cost growth: a by-id read, a by-id update and the first page of a filtered list, through the
// app's handle() (every check the adapters run, minus the transport), at growing store sizes: each size a process
// of its own (bench/lib/cost-growth-child.mjs), the sizes taking turns batch by batch, CPU time per call.
import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { API_KEY, BASE_URL, log, median } from "./lib/common.mjs";

const CHILD = fileURLToPath(new URL("./lib/cost-growth-child.mjs", import.meta.url));

const encoder = new TextEncoder();
const HEADERS = { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" };

/** A request as the adapters hand it to the app. */
export function request(method, target, body) {
  const [path, query = ""] = target.split("?");
  return {
    method,
    path,
    query: new URLSearchParams(query),
    header: (name) => HEADERS[name.toLowerCase()] ?? null,
    body: body === undefined ? null : encoder.encode(JSON.stringify(body)),
    baseUrl: BASE_URL,
  };
}

/** Pet ids spread over the whole store, so reads do not stay in one warm corner of it. */
const idAt = (call, size) => 1 + ((call * 7919) % size);

export const OPERATIONS = [
  {
    name: "by-id read (GET /pets/{petId})",
    status: 200,
    make: (call, size) => request("GET", `/pets/${idAt(call, size)}`),
  },
  {
    name: "by-id update (PATCH /pets/{petId})",
    status: 200,
    make: (call, size) => request("PATCH", `/pets/${idAt(call, size)}`, { name: `Renamed ${call % 2}` }),
  },
  {
    name: "first page (GET /pets?status=available&limit=20)",
    status: 200,
    make: () => request("GET", "/pets?status=available&limit=20"),
  },
];

/** Asks a size's process for one batch of an operation; resolves with its CPU µs per call. */
async function timeBatch(child, operation, batch) {
  const answer = once(child, "message");
  child.send({ operation, batch });
  const [{ cpuUs }] = await answer;
  return cpuUs / batch;
}

export default async function costGrowth({ smoke }) {
  const sizes = smoke ? [100, 1000] : [1_000, 10_000, 100_000];
  const [batch, rounds] = smoke ? [50, 3] : [2_000, 9];
  // Each size in a process of its own (its own heap), all alive at once, so the sizes take turns round by round
  // and a noisy neighbour on the machine hurts them alike.
  const children = sizes.map((size) => fork(CHILD, [String(size)]));
  try {
    const seeded = await Promise.all(children.map(async (child) => (await once(child, "message"))[0]));
    const samples = sizes.map(() => Object.fromEntries(OPERATIONS.map(({ name }) => [name, []])));
    for (let round = 0; round <= rounds; round++) {
      for (const { name } of OPERATIONS) {
        const order = sizes.map((_, index) => index);
        for (const index of round % 2 ? order.reverse() : order) {
          const perCall = await timeBatch(children[index], name, batch);
          // Round 0 warms up the code paths and is not counted.
          if (round) {
            samples[index][name].push(perCall);
          }
        }
      }
    }
    const results = sizes.map((size, index) => ({
      size,
      seedMs: seeded[index].seedMs,
      perOperation: Object.fromEntries(OPERATIONS.map(({ name }) => [name, median(samples[index][name])])),
    }));
    for (const { size, seedMs, perOperation } of results) {
      const summary = Object.values(perOperation)
        .map((us) => `${us.toFixed(1)} µs`)
        .join(", ");
      log(`cost growth: ${size} pets (seeded in ${Math.round(seedMs)} ms): ${summary}`);
    }
    // The growth: the median of the per-round ratios, largest store over smallest, and their range.
    const ratiosOf = (name) => samples.at(-1)[name].map((value, round) => value / samples[0][name][round]);
    const growth = Object.fromEntries(OPERATIONS.map(({ name }) => [name, median(ratiosOf(name))]));
    const growthRange = Object.fromEntries(
      OPERATIONS.map(({ name }) => [name, [Math.min(...ratiosOf(name)), Math.max(...ratiosOf(name))]]),
    );
    return { sizes, batch, rounds, results, growth, growthRange };
  } finally {
    for (const child of children) {
      child.kill("SIGTERM");
    }
  }
}
