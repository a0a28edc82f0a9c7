// @petstore/mock/browser: the mock in a Service Worker, for prototyping a UI with no backend.
import { type SetupWorker, setupWorker } from "msw/browser";
import { type PetstoreHandlersOptions, type PetstoreMswExtras, withPetstore } from "./adapters/msw-handlers.js";

export type PetstoreWorker = SetupWorker & PetstoreMswExtras;

/**
 * msw/browser's `setupWorker` with every Petstore operation. Serve msw's `mockServiceWorker.js`
 * from your public folder (`npx msw init public/`) and call `worker.start()`. A relative `baseUrl`
 * answers on the page's own origin only.
 * @example
 * const worker = setupPetstoreWorker({ baseUrl: "/api" });
 * await worker.start({ onUnhandledRequest: "bypass" });
 */
export function setupPetstoreWorker(options: PetstoreHandlersOptions = {}): PetstoreWorker {
  return withPetstore("setupPetstoreWorker", options, setupWorker);
}
