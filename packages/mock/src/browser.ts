// @petstore/mock/browser: the mock in a Service Worker, for prototyping a UI with no backend.
import { http } from "msw";
import { type SetupWorker, setupWorker } from "msw/browser";
import { canPersist, type PersistOptions, persistStore } from "./adapters/browser-persistence.js";
import { resolveBaseUrl } from "./adapters/fetch-api.js";
import { type PetstoreHandlersOptions, type PetstoreMswExtras, withPetstore } from "./adapters/msw-handlers.js";
import { createPetstoreStore } from "./store/store.js";

export type { PersistOptions } from "./adapters/browser-persistence.js";

export type PetstoreWorker = SetupWorker & PetstoreMswExtras;

export interface PetstoreWorkerOptions extends PetstoreHandlersOptions {
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
 * const worker = setupPetstoreWorker({ baseUrl: "/api", persist: true });
 * await worker.start({ onUnhandledRequest: "bypass" });
 */
export function setupPetstoreWorker(options: PetstoreWorkerOptions = {}): PetstoreWorker {
  const { persist, ...handlerOptions } = options;
  if (!persist || !canPersist()) {
    return withPetstore("setupPetstoreWorker", handlerOptions, setupWorker, http);
  }
  const baseUrl = resolveBaseUrl("setupPetstoreWorker", handlerOptions);
  const persistent = persistStore(handlerOptions.store ?? createPetstoreStore(), {
    persist,
    key: `@petstore/mock ${baseUrl}`,
    seedDemoData: handlerOptions.store === undefined,
  });
  const worker = withPetstore("setupPetstoreWorker", { ...handlerOptions, store: persistent.store }, setupWorker, http);
  return Object.assign(worker, {
    async reset() {
      worker.resetHandlers();
      await persistent.reset();
    },
  });
}
