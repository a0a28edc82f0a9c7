import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import { createPetstoreClient, type PetstoreClientOptions } from "../src/index.js";

export const BASE_URL = "http://127.0.0.1:4010";

/** A client over a fresh, seeded in-memory mock: no network, isolated per call. */
export function clientOverMock(options: Partial<PetstoreClientOptions> = {}) {
  const mock = createPetstoreFetch({ baseUrl: BASE_URL });
  const client = createPetstoreClient({
    baseUrl: BASE_URL,
    apiKey: DEMO_API_KEY,
    fetch: mock,
    onDeprecation: false,
    ...options,
  });
  return { client, mock, store: mock.store };
}
