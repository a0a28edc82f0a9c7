import { http, type RequestHandler } from "msw";
import { createPetstoreApp, type PetstoreApp, type PetstoreMockOptions } from "../app.js";
import { operations } from "../generated/contract.js";
import type { PetstoreStore } from "../store/store.js";
import { fetchRequestReader, normalizeBaseUrl, toFetchResponse } from "./fetch-api.js";

export interface PetstoreHandlersOptions extends PetstoreMockOptions {
  /**
   * The base URL the handlers answer under (default: `http://127.0.0.1:4010`). In a browser a
   * relative one such as `/api` matches the page's own origin.
   */
  baseUrl?: string;
}

export type PetstoreHandlers = RequestHandler[] & {
  /** The store behind these handlers, to arrange or inspect state in a test. */
  readonly store: PetstoreStore;
  /** Resolves once the default demo data is in the store. */
  readonly ready: Promise<void>;
};

/** `/pets/{petId}` → `/pets/:petId`, MSW's path syntax. */
export const toMswPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A URL pattern with no capture groups: MSW percent-decodes the groups of string paths and throws
 * on a malformed escape, while the app routes and decodes by itself. A relative base URL (browser,
 * same origin) matches any origin.
 */
function urlPattern(baseUrl: string, pathPattern: string): RegExp {
  const origin = baseUrl.startsWith("/") ? "https?://[^/]+" : "";
  return new RegExp(`^${origin}${escapeRegExp(baseUrl)}${pathPattern}$`);
}

/** The MSW handlers of one app; shared by `createPetstoreHandlers` and the environment helpers. */
export function handlersFor(app: PetstoreApp, baseUrl: string): RequestHandler[] {
  const readRequest = fetchRequestReader(baseUrl);
  const answer = async ({ request }: { request: Request }) =>
    toFetchResponse(await app.handle(await readRequest(request)), request.method);
  const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };
  const operationPattern = (path: string) => {
    const pathPattern = path
      .split(/\{[^}]+\}/)
      .map(escapeRegExp)
      .join("[^/]+");
    return urlPattern(baseUrl, pathPattern);
  };
  return [
    ...operations.map((operation) => methods[operation.method](operationPattern(operation.path), answer)),
    // HEAD answers what GET would, without the body.
    ...operations
      .filter((operation) => operation.method === "GET")
      .map((operation) => http.head(operationPattern(operation.path), answer)),
    // Anything else under the base URL is an unknown route: a documented 404, never a passthrough.
    http.all(urlPattern(baseUrl, "(?:/.*)?"), answer),
  ];
}

/**
 * Every operation of the Petstore API as MSW request handlers over one store, for `setupServer`,
 * `setupWorker` or `server.use`.
 * @example
 * const server = setupServer(...createPetstoreHandlers({ apiKeys: ["test-key"] }));
 */
export function createPetstoreHandlers(options: PetstoreHandlersOptions = {}): PetstoreHandlers {
  const app = createPetstoreApp(options);
  return Object.assign(handlersFor(app, normalizeBaseUrl(options.baseUrl)), { store: app.store, ready: app.ready });
}

/** What `setupPetstoreServer` and `setupPetstoreWorker` add to msw's own API. */
export interface PetstoreMswExtras {
  /** The store behind the handlers. */
  readonly store: PetstoreStore;
  /** Drops `use()` overrides and puts the store back to its seeded state: call it after each test. */
  reset(): Promise<void>;
}

/** Builds an msw server or worker over one app's handlers and adds `store` and `reset()` to it. */
export function withPetstore<Api extends { resetHandlers(): void }>(
  options: PetstoreHandlersOptions,
  setup: (...handlers: RequestHandler[]) => Api,
): Api & PetstoreMswExtras {
  const app = createPetstoreApp(options);
  const api = setup(...handlersFor(app, normalizeBaseUrl(options.baseUrl)));
  return Object.assign(api, {
    store: app.store,
    async reset() {
      api.resetHandlers();
      await app.ready;
      await app.store.reset();
    },
  });
}
