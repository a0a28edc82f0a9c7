// 4. Cost growth: a by-id read, a by-id update and the first page of a filtered list, through the
// app's handle() (every check the adapters run, minus the transport), at growing store sizes.
import { createPetstoreApp, createPetstoreStore, seed } from "@petstore/mock";
import { API_KEY, BASE_URL, log, median } from "./lib/common.mjs";

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

export default async function costGrowth({ smoke }) {
  const sizes = smoke ? [100, 1000] : [1_000, 10_000, 100_000];
  const [batch, batches] = smoke ? [50, 3] : [2_000, 9];
  const results = [];
  for (const size of sizes) {
    const store = createPetstoreStore();
    const seeding = performance.now();
    await seed(store, { pets: size });
    const seedMs = performance.now() - seeding;
    const app = createPetstoreApp({ store });
    const perOperation = {};
    for (const operation of OPERATIONS) {
      const samples = [];
      let call = 0;
      // The first batch warms up the code paths and is not counted.
      for (let round = 0; round <= batches; round++) {
        const started = performance.now();
        for (let index = 0; index < batch; index++, call++) {
          const response = await app.handle(operation.make(call, size));
          if (response.status !== operation.status) {
            throw new Error(`${operation.name} at ${size}: ${response.status} ${JSON.stringify(response.body)}`);
          }
        }
        if (round) {
          samples.push(((performance.now() - started) * 1000) / batch);
        }
      }
      perOperation[operation.name] = median(samples);
    }
    const summary = Object.values(perOperation)
      .map((us) => `${us.toFixed(1)} µs`)
      .join(", ");
    log(`cost growth: ${size} pets (seeded in ${Math.round(seedMs)} ms): ${summary}`);
    results.push({ size, seedMs, perOperation });
  }
  const [first, last] = [results[0], results.at(-1)];
  const growth = Object.fromEntries(
    OPERATIONS.map(({ name }) => [name, last.perOperation[name] / first.perOperation[name]]),
  );
  return { sizes, results, growth };
}
