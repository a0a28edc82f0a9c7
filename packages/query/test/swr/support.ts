import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import { createPetstoreClient } from "@petstore/sdk";
import { createElement, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { createPetstoreSWR, type PetstoreSWROptions } from "../../src/swr/index.js";
import { BASE_URL } from "../support.js";

/** SWR helpers over a fresh, seeded in-memory mock; `requests` records every request the SDK sent. */
export function swrOverMock(options?: PetstoreSWROptions) {
  const mock = createPetstoreFetch({ baseUrl: BASE_URL });
  const requests: Request[] = [];
  const client = createPetstoreClient({
    baseUrl: BASE_URL,
    apiKey: DEMO_API_KEY,
    onDeprecation: false,
    retry: false,
    fetch: (request: Request) => {
      requests.push(request);
      return mock(request);
    },
  });
  return { petstore: createPetstoreSWR(client, options), client, store: mock.store, ready: mock.ready, requests };
}

/** The reads sent since `from`, as `path?query` strings, sorted. */
export const readsSince = (requests: Request[], from: number) =>
  requests
    .slice(from)
    .filter((request) => request.method === "GET")
    .map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    })
    .sort();

/**
 * Renders `node` into a detached element of jsdom's document; `unmount` removes it. Not inside `act`: SWR's
 * updates arrive later, from the mock, and the tests wait for what they expect to see.
 */
export async function render(node: ReactNode) {
  const root = createRoot(document.createElement("div"));
  root.render(node);
  return { unmount: async () => root.unmount() };
}

export { createElement as h };
