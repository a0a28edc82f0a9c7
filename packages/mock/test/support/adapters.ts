import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import {
  createPetstoreFetch,
  createPetstoreStore,
  DEMO_API_KEY,
  type PetstoreStore,
  type StoreLimits,
  seed,
} from "../../src/index.js";
import { type RunningPetstoreServer, setupPetstoreServer, startPetstoreServer } from "../../src/node.js";

export interface ApiRequest {
  method?: string;
  /** A JSON body; sent with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body, sent as it is. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The bearer key; `null` sends no Authorization header. Default: the demo key. */
  key?: string | null;
}

export interface AdapterUnderTest {
  name: string;
  baseUrl: string;
  store: PetstoreStore;
  request(path: string, init?: ApiRequest): Promise<Response>;
}

const ADAPTERS = ["in-memory fetch", "msw setupServer", "node:http server"] as const;
export type AdapterName = (typeof ADAPTERS)[number];

function buildRequest(baseUrl: string, path: string, init: ApiRequest = {}): Request {
  const headers = new Headers(init.headers);
  if (init.key !== null) {
    headers.set("Authorization", `Bearer ${init.key ?? DEMO_API_KEY}`);
  }
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`${baseUrl}${path}`, { method: init.method ?? "GET", headers, body });
}

/**
 * Runs the same behaviour suite through every adapter (in-memory fetch, MSW, node:http), each over
 * a store seeded with demo data and reset before every test, so the adapters cannot drift apart.
 * `limits` lowers the store's caps on records.
 */
export function describeEachAdapter(
  title: string,
  suite: (adapter: () => AdapterUnderTest) => void,
  options: { limits?: Partial<StoreLimits> } = {},
): void {
  describe.each(ADAPTERS)(`${title} (through %s)`, (name) => {
    let adapter: AdapterUnderTest;
    let teardown: () => Promise<void> | void = () => {};

    beforeAll(async () => {
      const store = createPetstoreStore({ limits: options.limits });
      await seed(store);
      if (name === "in-memory fetch") {
        const baseUrl = "http://127.0.0.1:4010";
        const petstoreFetch = createPetstoreFetch({ store, baseUrl });
        adapter = { name, baseUrl, store, request: (path, init) => petstoreFetch(buildRequest(baseUrl, path, init)) };
      } else if (name === "msw setupServer") {
        const baseUrl = "http://petstore.msw.test";
        const server = setupPetstoreServer({ store, baseUrl });
        server.listen({ onUnhandledRequest: "bypass" });
        teardown = () => server.close();
        adapter = { name, baseUrl, store, request: (path, init) => fetch(buildRequest(baseUrl, path, init)) };
      } else {
        const mock: RunningPetstoreServer = await startPetstoreServer({ store, port: 0 });
        teardown = () => mock.close();
        adapter = {
          name,
          baseUrl: mock.url,
          store,
          request: (path, init) => fetch(buildRequest(mock.url, path, init)),
        };
      }
    });
    beforeEach(() => adapter.store.reset());
    afterAll(() => teardown());

    suite(() => adapter);
  });
}

/** Reads a JSON body, failing with the text when it is not JSON. */
export async function json<T = unknown>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(
      `expected JSON from ${response.url || "the mock"} (${response.status}), got: ${text.slice(0, 200)}`,
    );
  }
}

/** Asserts an Error body `{ code, message, status }` whose status is the HTTP status. */
export async function expectError(response: Response, status: number, code: string, messagePart?: string | RegExp) {
  const { expect } = await import("vitest");
  const body = await json<{ code: string; message: string; status: number }>(response);
  expect({ httpStatus: response.status, ...body }).toMatchObject({ httpStatus: status, status, code });
  expect(Object.keys(body).sort()).toEqual(["code", "message", "status"]);
  if (messagePart) {
    expect(body.message).toMatch(messagePart);
  }
  return body;
}
