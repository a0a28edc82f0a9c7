// 3. In-process calls per second, one call after another: the SDK over the mock's in-memory fetch,
// the SDK through msw's setupServer, and a bare fetch through setupServer. Reference rows show
// what each layer costs: openapi-fetch and a bare fetch over the in-memory fetch, and the app's
// handle() alone (no Fetch API objects at all).
import { createRequire } from "node:module";
import { createPetstoreApp, createPetstoreFetch } from "@petstore/mock";
import { setupPetstoreServer } from "@petstore/mock/node";
import { createPetstoreClient } from "@petstore/sdk";
import { request } from "./cost-growth.mjs";
import { API_KEY, AUTH, BASE_URL, callsPerSecond, log, median, SDK_DIR } from "./lib/common.mjs";

const PATH = "/pets?limit=20";

/** Every call must bring back the 20 pets, or the run fails. */
function check(name, status, data) {
  if (status !== 200 || data?.length !== 20) {
    throw new Error(`${name}: GET ${PATH} answered ${status} ${JSON.stringify(data)}`);
  }
}

const clientCall = (name, client) => async () => {
  const { data, response } = await client.GET("/pets", { params: { query: { limit: 20 } } });
  check(name, response.status, data);
};

const fetchCall = (name, fetchFunction) => async () => {
  const response = await fetchFunction(`${BASE_URL}${PATH}`, { headers: AUTH });
  check(name, response.status, await response.json());
};

export default async function inProcess({ smoke }) {
  const [warmupMs, ms, rounds] = smoke ? [20, 100, 1] : [500, 1000, 5];
  const { default: openapiFetch } = await import(createRequire(`${SDK_DIR}/package.json`).resolve("openapi-fetch"));
  const createClient = openapiFetch.default ?? openapiFetch;
  const memoryFetch = createPetstoreFetch({ baseUrl: BASE_URL });
  const app = createPetstoreApp();
  const server = setupPetstoreServer({ baseUrl: BASE_URL });
  // The in-memory fetch never goes through the fetch that msw patches, so all can run side by side.
  server.listen({ onUnhandledRequest: "error" });
  try {
    const paths = {
      "SDK → mock's in-memory fetch (`createPetstoreFetch`)": clientCall(
        "SDK in-memory",
        createPetstoreClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch: memoryFetch }),
      ),
      // Created after listen(), so the client's fetch is the one msw intercepts.
      "SDK → msw `setupServer` (`setupPetstoreServer`)": clientCall(
        "SDK setupServer",
        createPetstoreClient({ baseUrl: BASE_URL, apiKey: API_KEY }),
      ),
      "bare `fetch` → msw `setupServer`": fetchCall("fetch setupServer", (...args) => fetch(...args)),
      "(reference) openapi-fetch alone → in-memory fetch": clientCall(
        "openapi-fetch in-memory",
        createClient({ baseUrl: BASE_URL, headers: AUTH, fetch: memoryFetch }),
      ),
      "(reference) bare `fetch` → in-memory fetch": fetchCall("fetch in-memory", memoryFetch),
      "(reference) the app's `handle()` alone, no Fetch API objects": async () => {
        const response = await app.handle(request("GET", PATH));
        check("handle()", response.status, response.body);
      },
    };
    const samples = {};
    for (const [name, call] of Object.entries(paths)) {
      await callsPerSecond(call, warmupMs);
      samples[name] = [];
    }
    // Alternate the paths window by window, so a noisy neighbour hurts all of them alike.
    for (let round = 0; round < rounds; round++) {
      for (const [name, call] of Object.entries(paths)) {
        samples[name].push(await callsPerSecond(call, ms));
      }
    }
    const perSecond = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, median(list)]));
    const [inMemory, setupServer] = Object.values(perSecond);
    for (const [name, value] of Object.entries(perSecond)) {
      log(`in-process: ${name}: ${Math.round(value)} calls/s`);
    }
    return { ms, rounds, perSecond, ratio: inMemory / setupServer };
  } finally {
    server.close();
  }
}
