// @petstore/mock/browser: the mock in a Service Worker, for prototyping a UI with no backend.
import { type SetupWorker, setupWorker } from "msw/browser";
import { normalizeBaseUrl } from "./adapters/fetch-api.js";
import { handlersFor, type PetstoreHandlersOptions } from "./adapters/msw-handlers.js";
import { createPetstoreApp } from "./app.js";
import type { PetstoreStore } from "./store/store.js";

export type PetstoreWorker = SetupWorker & {
  /** The store behind the handlers. */
  readonly store: PetstoreStore;
  /** Drops `worker.use` overrides and puts the store back to its seeded state. */
  reset(): Promise<void>;
};

/**
 * msw/browser's `setupWorker` with every Petstore operation. Serve msw's `mockServiceWorker.js`
 * from your public folder (`npx msw init public/`) and call `worker.start()`.
 * @example
 * const worker = setupPetstoreWorker({ baseUrl: "/api" });
 * await worker.start({ onUnhandledRequest: "bypass" });
 */
export function setupPetstoreWorker(options: PetstoreHandlersOptions = {}): PetstoreWorker {
  const app = createPetstoreApp(options);
  const worker = setupWorker(...handlersFor(app, normalizeBaseUrl(options.baseUrl)));
  return Object.assign(worker, {
    store: app.store,
    async reset() {
      worker.resetHandlers();
      await app.ready;
      await app.store.reset();
    },
  });
}
