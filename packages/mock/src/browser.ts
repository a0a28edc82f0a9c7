// @petstore/mock/browser: the mock in a Service Worker, for prototyping a UI with no backend.
export {
  type PersistOptions,
  type PetstoreServiceWorker,
  type PetstoreServiceWorkerOptions,
  setupPetstoreServiceWorker,
} from "./browser/index.js";
