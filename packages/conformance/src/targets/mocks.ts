// The mocks the suite runs against: the in-memory fetch, the node:http server in this process, or a
// server in another process (the CLI, Prism).

import { recordViolations } from "@petstore/contract/self-check";
import { createPetstoreFetch, createPetstoreStore, type PetstoreStore, seed } from "@petstore/mock";
import { startPetstoreServer } from "@petstore/mock/node";
import { type ApiRequest, sender, type Target } from "@petstore/verify/model";
import { countRequests } from "../stats.js";

/** A target whose mock runs in this process: its store is at hand (snapshots, resets). */
export interface MockTarget extends Target {
  store: PetstoreStore;
}

/**
 * Sends through a fetch function, counting each request. In-process mocks are also checked by the
 * observer; `record` adds the wire check to the test's violations (for mocks in other processes,
 * which the observer cannot see).
 */
function countedSender(baseUrl: string, fetchImpl: typeof fetch, record: boolean, exactBaseUrl = true) {
  const send = sender(baseUrl, fetchImpl, { exactBaseUrl, ...(record ? { describe: recordViolations } : {}) });
  return (request: ApiRequest) => {
    countRequests();
    return send(request);
  };
}

export interface MockOptions {
  /** Demo data with this many pets (default 8); 0 for only the categories. */
  pets?: number;
  seed?: number;
}

async function seededStore(options: MockOptions): Promise<PetstoreStore> {
  const store = createPetstoreStore();
  await seed(store, { pets: options.pets ?? 8, seed: options.seed ?? 1 });
  return store;
}

/** The in-memory fetch adapter: no network, fastest. */
export async function inMemoryTarget(options: MockOptions = {}): Promise<MockTarget> {
  const store = await seededStore(options);
  const baseUrl = "http://127.0.0.1:4010";
  const petstoreFetch = createPetstoreFetch({ store, baseUrl });
  return {
    baseUrl,
    store,
    send: countedSender(baseUrl, petstoreFetch, false),
    close: async () => {},
  };
}

/** The node:http server of `@petstore/mock/node`, in this process, on a free port. */
export async function httpTarget(options: MockOptions & { requestTimeoutMs?: number } = {}): Promise<MockTarget> {
  const store = await seededStore(options);
  const server = await startPetstoreServer({
    store,
    port: 0,
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
  return {
    baseUrl: server.url,
    store,
    send: countedSender(server.url, fetch, false),
    close: () => server.close(),
  };
}

/**
 * A server in another process (the CLI, or Prism in front of it): checked on the wire only. Behind
 * a proxy, `Location` and `Link` name the upstream, so `exactBaseUrl: false` checks only their paths.
 */
export function remoteTarget(baseUrl: string, options: { exactBaseUrl?: boolean } = {}): Target {
  return { baseUrl, send: countedSender(baseUrl, fetch, true, options.exactBaseUrl ?? true), close: async () => {} };
}
