import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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

/**
 * A real HTTP stand-in on 127.0.0.1 (free port) for what the mock never does: bodies that stall,
 * trickle or break off, and answers that are not the API's. `close()` cuts open connections too.
 */
export async function startStandIn(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
