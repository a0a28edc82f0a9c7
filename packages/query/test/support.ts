import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import { createPetstoreClient } from "@petstore/sdk";
import { QueryClient } from "@tanstack/query-core";
import { createPetstoreQueries } from "../src/index.js";

export const BASE_URL = "http://127.0.0.1:4010";

/** Queries over a fresh, seeded in-memory mock; `requests` records every request the SDK sent. */
export function queriesOverMock() {
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
  // No retries and no garbage collection in tests: a failure shows at once, and the cache stays inspectable.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  return {
    queries: createPetstoreQueries(client, { queryClient }),
    client,
    queryClient,
    store: mock.store,
    /** Resolves once the demo data is in the store. */
    ready: mock.ready,
    requests,
  };
}
