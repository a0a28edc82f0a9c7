// Where the suite sends requests: the in-memory fetch, the node:http server in this process, or a
// server in another process (the CLI, Prism). Every response is also checked on the wire.

import { route } from "@petstore/contract";
import { checkExchange, formatViolation } from "@petstore/contract/checker";
import { recordViolations } from "@petstore/contract/self-check";
import { createPetstoreFetch, createPetstoreStore, DEMO_API_KEY, type PetstoreStore, seed } from "@petstore/mock";
import { startPetstoreServer } from "@petstore/mock/node";
import { countRequests } from "./stats.js";

export interface ApiRequest {
  method: string;
  /** Path and query below the base URL, already percent-encoded: `/pets?limit=2`. */
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The bearer key; `null` sends no Authorization header. Default: the demo key. */
  key?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or `undefined`. */
  json: unknown;
  /** What the response breaks in the document, checked on the wire. */
  violations: string[];
}

export interface Target {
  name: string;
  baseUrl: string;
  /** The store behind the mock, when it runs in this process. */
  store?: PetstoreStore;
  send(request: ApiRequest): Promise<ApiResponse>;
  close(): Promise<void>;
}

function buildRequest(baseUrl: string, request: ApiRequest): Request {
  const headers = new Headers(request.headers);
  if (request.key !== null && !headers.has("authorization")) {
    headers.set("Authorization", `Bearer ${request.key ?? DEMO_API_KEY}`);
  }
  return new Request(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body as BodyInit } : {}),
  });
}

/**
 * Sends through a fetch function and checks the response on the wire. In-process mocks are also
 * checked by the observer; `record` adds the wire check to the test's violations (for mocks in
 * other processes, which the observer cannot see).
 */
function sender(baseUrl: string, fetchImpl: typeof fetch, record: boolean, exactBaseUrl = true) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    countRequests();
    const built = buildRequest(baseUrl, request);
    const url = new URL(built.url);
    const response = await fetchImpl(built);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const base = new URL(baseUrl);
    const violations = checkExchange({
      method: built.method,
      path: url.pathname.slice(base.pathname.replace(/\/$/, "").length) || "/",
      query: url.searchParams,
      ...(exactBaseUrl ? { baseUrl } : {}),
      status: response.status,
      header: (name) => response.headers.get(name),
      body: undefined,
      raw: { text, contentType: response.headers.get("content-type") },
    });
    const lines = record
      ? recordViolations(route(built.method, url.pathname)?.operation.operationId, response.status, violations)
      : violations.map(formatViolation);
    return { status: response.status, headers: response.headers, text, json, violations: lines };
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
export async function inMemoryTarget(options: MockOptions = {}): Promise<Target> {
  const store = await seededStore(options);
  const baseUrl = "http://127.0.0.1:4010";
  const petstoreFetch = createPetstoreFetch({ store, baseUrl });
  return {
    name: "in-memory fetch",
    baseUrl,
    store,
    send: sender(baseUrl, petstoreFetch, false),
    close: async () => {},
  };
}

/** The node:http server of `@petstore/mock/node`, in this process, on a free port. */
export async function httpTarget(options: MockOptions & { requestTimeoutMs?: number } = {}): Promise<Target> {
  const store = await seededStore(options);
  const server = await startPetstoreServer({
    store,
    port: 0,
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
  return {
    name: "node:http server",
    baseUrl: server.url,
    store,
    send: sender(server.url, fetch, false),
    close: () => server.close(),
  };
}

/**
 * A server in another process (the CLI, or Prism in front of it): checked on the wire only. Behind
 * a proxy, `Location` and `Link` name the upstream, so `exactBaseUrl: false` checks only their paths.
 */
export function remoteTarget(name: string, baseUrl: string, options: { exactBaseUrl?: boolean } = {}): Target {
  return { name, baseUrl, send: sender(baseUrl, fetch, true, options.exactBaseUrl ?? true), close: async () => {} };
}
