import type { http, RequestHandler } from "msw";
import { createPetstoreApp, type PetstoreApp, type PetstoreMockOptions } from "../core/app.js";
import { operations } from "../core/generated/contract.js";
import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import type { PetstoreSessions } from "../core/sessions/types.js";
import type { PetstoreStore } from "../core/store/store.js";
import { createFetchHandler } from "../fetch/handler.js";
import { resolveBaseUrl } from "../fetch/request.js";

export interface PetstoreHandlersOptions extends PetstoreMockOptions {
  /**
   * The base URL the handlers answer under (default: `http://127.0.0.1:4010`). A relative one such
   * as `/api` answers on one origin only: `origin`, else the page's (`location.origin`). In Node,
   * where there is no page, give an absolute URL or `origin`; requests to other hosts pass by.
   */
  baseUrl?: string;
  /**
   * The origin a relative `baseUrl` belongs to, e.g. `http://localhost:5173` (default: the page's
   * `location.origin`; required with a relative `baseUrl` in Node).
   */
  origin?: string;
}

export type PetstoreHandlers = RequestHandler[] & {
  /** The store behind these handlers, to arrange or inspect state in a test. */
  readonly store: PetstoreStore;
  /** Every session's store, by its `X-Petstore-Session` name (`store` is the session `default`'s). */
  readonly sessions: PetstoreSessions;
  /** Resolves once the default demo data is in the store. */
  readonly ready: Promise<void>;
  /** The app that answers: its `scenarios` and `observe` are what the inspector (`@petstore/mock/devtools`) steers. */
  readonly app: PetstoreApp;
};

/** `/pets/{petId}` → `/pets/:petId`, MSW's path syntax. */
export const toMswPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A URL pattern with no capture groups: MSW percent-decodes the groups of string paths and throws
 * on a malformed escape, while the app routes and decodes by itself.
 */
function urlPattern(baseUrl: string, pathPattern: string): RegExp {
  return new RegExp(`^${escapeRegExp(baseUrl)}${pathPattern}$`);
}

/** msw's `http` namespace, passed in: each entry point loads it the cheapest way its environment allows. */
export type MswHttp = typeof http;

/**
 * The MSW handlers of one app under an absolute `baseUrl` (see `resolveBaseUrl`); shared by
 * `createPetstoreHandlers` and the environment helpers.
 */
export function handlersFor(app: PetstoreApp, baseUrl: string, http: MswHttp): RequestHandler[] {
  const handle = createFetchHandler(app, baseUrl);
  const answer = ({ request }: { request: Request }) => handle(request);
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

/** What `setupPetstoreServer` and `setupPetstoreServiceWorker` add to msw's own API. */
export interface PetstoreMswExtras {
  /** The store behind the handlers. */
  readonly store: PetstoreStore;
  /** Every session's store, by its `X-Petstore-Session` name (`store` is the session `default`'s). */
  readonly sessions: PetstoreSessions;
  /** The app that answers: its `scenarios` and `observe` are what the inspector (`@petstore/mock/devtools`) steers. */
  readonly app: PetstoreApp;
  /**
   * Drops `use()` overrides, puts the store back to its seeded state and deletes the other sessions:
   * call it after each test.
   */
  reset(): Promise<void>;
}

/**
 * Builds an msw server or worker over one app's handlers and adds `store` and `reset()` to it;
 * `caller` names the helper in errors about the options.
 */
export function withPetstore<Api extends { resetHandlers(): void }>(
  caller: string,
  options: PetstoreHandlersOptions,
  setup: (...handlers: RequestHandler[]) => Api,
  http: MswHttp,
): Api & PetstoreMswExtras {
  const baseUrl = resolveBaseUrl(caller, options);
  const app = createPetstoreApp(options);
  const api = setup(...handlersFor(app, baseUrl, http));
  return Object.assign(api, {
    store: app.store,
    sessions: app.sessions,
    app,
    async reset() {
      api.resetHandlers();
      app.scenarios.clear();
      await app.ready;
      await app.store.reset();
      for (const { name } of app.sessions.list()) {
        if (name !== DEFAULT_SESSION) {
          await app.sessions.delete(name);
        }
      }
    },
  });
}
