// @petstore/mock/browser: the mock in a Service Worker, for prototyping a UI with no backend.
export * from "./browser/worker.js";
