import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import {
  createPetstoreApp,
  createPetstoreFetch,
  createPetstoreFetchHandler,
  createPetstoreStore,
  DEFAULT_SESSION,
  DEMO_API_KEY,
  type PetstoreApp,
  type PetstoreMockOptions,
  type PetstoreSessions,
  type PetstoreStore,
  type StoreLimits,
  seed,
} from "../../src/index.js";
import { setupPetstoreServer, startPetstoreServer } from "../../src/node.js";

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
  /** The sessions the adapter serves (`store` is the session `default`'s). */
  sessions: PetstoreSessions;
  /** The app behind it: its `scenarios` and `observe`. */
  app: PetstoreApp;
  request(path: string, init?: ApiRequest): Promise<Response>;
}

/** One adapter started over a store: where it answers, how a request reaches it, and how it stops. */
interface StartedAdapter {
  baseUrl: string;
  sessions: PetstoreSessions;
  app: PetstoreApp;
  send(request: Request): Promise<Response>;
  stop?(): Promise<void> | void;
}

/** The test tiers of the mock (README "Tests"): `unit` stays in the test process, `process` may open sockets. */
export type TestTier = "unit" | "process";

/**
 * The adapter registry of the tests: every way to run the mock that answers HTTP, by name, with the
 * tier whose project runs it. `describeEachAdapter` suites run in project `mock` through the `unit`
 * adapters and again in `mock:process` through the `process` ones (over real sockets); a new runtime
 * adapter adds its line here.
 */
const ADAPTERS = {
  "in-memory fetch": {
    tier: "unit",
    start: async (options) => {
      const baseUrl = "http://127.0.0.1:4010";
      const send = createPetstoreFetch({ ...options, baseUrl });
      return { baseUrl, sessions: send.sessions, app: send.app, send };
    },
  },
  "msw setupServer": {
    tier: "unit",
    start: async (options) => {
      const server = setupPetstoreServer({ ...options, baseUrl: "http://petstore.msw.test" });
      server.listen({ onUnhandledRequest: "bypass" });
      return {
        baseUrl: "http://petstore.msw.test",
        sessions: server.sessions,
        app: server.app,
        send: (request) => fetch(request),
        stop: () => server.close(),
      };
    },
  },
  "Fetch handler (createPetstoreFetchHandler)": {
    tier: "unit",
    start: async (options) => {
      const app = createPetstoreApp(options);
      return {
        baseUrl: "http://127.0.0.1:4010",
        sessions: app.sessions,
        app,
        send: createPetstoreFetchHandler({ app }),
      };
    },
  },
  "node:http server": {
    tier: "process",
    start: async (options) => {
      const mock = await startPetstoreServer({ ...options, port: 0 });
      return {
        baseUrl: mock.url,
        sessions: mock.app.sessions,
        app: mock.app,
        send: (request) => fetch(request),
        stop: () => mock.close(),
      };
    },
  },
} satisfies Record<
  string,
  { tier: TestTier; start: (options: Pick<PetstoreMockOptions, "store" | "sessionLimits">) => Promise<StartedAdapter> }
>;
export type AdapterName = keyof typeof ADAPTERS;

/** The tier of this run: the project's `env.PETSTORE_MOCK_TEST_TIER` (vitest.config.ts, vitest.process.config.ts). */
export const testTier: TestTier = process.env.PETSTORE_MOCK_TEST_TIER === "process" ? "process" : "unit";

/** The adapters the current tier runs the behaviour suites through. */
export const adaptersOfTier = (tier: TestTier = testTier): AdapterName[] =>
  (Object.keys(ADAPTERS) as AdapterName[]).filter((name) => ADAPTERS[name].tier === tier);

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
 * Runs the same behaviour suite through every adapter of the current tier (in-memory fetch and MSW in
 * project `mock`, node:http in `mock:process`), each over a store seeded with demo data and reset
 * before every test, so the adapters cannot drift apart.
 * `limits` lowers the store's caps on records; `sessionLimits` bounds the sessions (`X-Petstore-Session`),
 * whose other sessions are deleted before every test too.
 */
export function describeEachAdapter(
  title: string,
  suite: (adapter: () => AdapterUnderTest) => void,
  options: { limits?: Partial<StoreLimits>; sessionLimits?: PetstoreMockOptions["sessionLimits"] } = {},
): void {
  describe.each(adaptersOfTier())(`${title} (through %s)`, (name) => {
    let adapter: AdapterUnderTest;
    let teardown: () => Promise<void> | void = () => {};

    beforeAll(async () => {
      const store = createPetstoreStore({ limits: options.limits });
      await seed(store);
      const started: StartedAdapter = await ADAPTERS[name].start({ store, sessionLimits: options.sessionLimits });
      const { baseUrl, send, stop, sessions, app } = started;
      teardown = () => stop?.();
      adapter = {
        name,
        baseUrl,
        store,
        sessions,
        app,
        request: (path, init) => send(buildRequest(baseUrl, path, init)),
      };
    });
    beforeEach(async () => {
      await adapter.store.reset();
      adapter.app.scenarios.clear();
      adapter.app.scenarios.delayMs = 0;
      for (const { name } of adapter.sessions.list()) {
        if (name !== DEFAULT_SESSION) {
          await adapter.sessions.delete(name);
        }
      }
    });
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
