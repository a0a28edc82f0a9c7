// setupPetstoreServiceWorker: the mock in a Service Worker (msw/browser), optionally persisted across reloads and tabs.
import { http } from "msw";
import { type SetupWorker, setupWorker } from "msw/browser";
import { matchRoute } from "../core/http/router.js";
import { createPetstoreStore } from "../core/store/store.js";
import { resolveBaseUrl } from "../fetch/request.js";
import { type PetstoreHandlersOptions, type PetstoreMswExtras, withPetstore } from "../msw/handlers.js";
import { canPersist, type PersistOptions, persistStore } from "./persistence.js";

export type PetstoreServiceWorker = SetupWorker & PetstoreMswExtras;

export interface PetstoreServiceWorkerOptions extends PetstoreHandlersOptions {
  /**
   * Keeps the store across page reloads and shares it with the other tabs of the origin (default:
   * off). `true` keeps it in sessionStorage; `{ storage: "local" }` in localStorage, across browser
   * restarts. The demo data is seeded only when nothing is saved yet, and `worker.reset()` goes back to
   * it in every tab and drops the saved state. Operations of all tabs run one at a time under a Web
   * Lock, so stock is never oversold across tabs either.
   */
  persist?: boolean | PersistOptions;
}

/**
 * msw/browser's `setupWorker` with every Petstore operation. Serve msw's `mockServiceWorker.js`
 * from your public folder (`npx msw init public/`) and call `worker.start()`. A relative `baseUrl`
 * answers on the page's own origin only.
 * @example
 * const worker = setupPetstoreServiceWorker({ baseUrl: "/api", persist: true });
 * await worker.start({ onUnhandledRequest: "bypass" });
 */
export function setupPetstoreServiceWorker(options: PetstoreServiceWorkerOptions = {}): PetstoreServiceWorker {
  const { persist, ...handlerOptions } = options;
  const baseUrl = resolveBaseUrl("setupPetstoreServiceWorker", handlerOptions);
  const given =
    handlerOptions.initialState !== undefined
      ? "initialState"
      : handlerOptions.namedState !== undefined
        ? "namedState"
        : undefined;
  if (persist && given) {
    // Which would win at a reload, the saved state or the initial one, has no answer that fits everyone.
    throw new TypeError(`setupPetstoreServiceWorker(): give either persist or ${given}, not both`);
  }
  if (!persist || !canPersist()) {
    return warnOnOtherOrigins(withPetstore("setupPetstoreServiceWorker", handlerOptions, setupWorker, http), baseUrl);
  }
  const persistent = persistStore(handlerOptions.store ?? createPetstoreStore(), {
    persist,
    key: `@petstore/mock ${baseUrl}`,
    seedDemoData: handlerOptions.store === undefined,
  });
  const worker = warnOnOtherOrigins(
    withPetstore("setupPetstoreServiceWorker", { ...handlerOptions, store: persistent.store }, setupWorker, http),
    baseUrl,
  );
  return Object.assign(worker, {
    async reset() {
      worker.resetHandlers();
      await persistent.reset();
    },
  });
}

/**
 * The operation of the document a URL path ends with (`/v1/pets/7` ends with the path of
 * `GET /pets/{petId}`), and the base path before it (`/v1`): the client's base path is unknown, so
 * every suffix of the path is tried, longest first.
 */
function operationAtEndOf(method: string, pathname: string): { operation: string; basePath: string } | undefined {
  const segments = pathname.split("/").slice(1);
  for (let start = 0; start < segments.length; start++) {
    const route = matchRoute(method, `/${segments.slice(start).join("/")}`);
    if (route.operation) {
      const basePath = segments.slice(0, start).join("/");
      return { operation: `${route.operation.method} ${route.operation.path}`, basePath: basePath && `/${basePath}` };
    }
  }
  return undefined;
}

/**
 * Warns once, on the console, when the page calls an operation of the API on another origin than
 * the mock's: such a request bypasses the mock, and fails (or reaches a real server) with nothing
 * to say why.
 */
function warnOnOtherOrigins<Worker extends SetupWorker>(worker: Worker, baseUrl: string): Worker {
  const mockOrigin = new URL(baseUrl).origin;
  const onUnhandled = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const found = url.origin === mockOrigin ? undefined : operationAtEndOf(request.method, url.pathname);
    if (!found) {
      return;
    }
    worker.events.removeListener("request:unhandled", onUnhandled);
    // biome-ignore lint/suspicious/noConsole: the warning is the feature: the request bypassed the mock without a word.
    console.warn(
      `[@petstore/mock] ${request.method} ${url.href} is ${found.operation} of the Petstore API on ${url.origin}, ` +
        `but the mock answers on ${mockOrigin} (baseUrl ${baseUrl}): the request went past the mock, to the network. ` +
        `Give your client the mock's baseUrl, or the mock the client's: setupPetstoreServiceWorker({ baseUrl: "${url.origin}${found.basePath}" }).`,
    );
  };
  worker.events.on("request:unhandled", onUnhandled);
  return worker;
}
