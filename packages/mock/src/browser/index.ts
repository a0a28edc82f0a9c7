// browser/: the mock in a Service Worker, and the store kept across reloads and tabs.
export type { PersistOptions } from "./persistence.js";
export { type PetstoreServiceWorker, type PetstoreServiceWorkerOptions, setupPetstoreServiceWorker } from "./worker.js";
