// @petstore/mock/browser: the mock in a Service Worker, for prototyping a UI with no backend.
export {
  type PersistOptions,
  type PetstoreWorker,
  type PetstoreWorkerOptions,
  setupPetstoreWorker,
} from "./browser/index.js";
