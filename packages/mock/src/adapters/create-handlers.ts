import { http } from "msw";
import { createPetstoreApp } from "../app.js";
import { resolveBaseUrl } from "./fetch-api.js";
import { handlersFor, type PetstoreHandlers, type PetstoreHandlersOptions } from "./msw-handlers.js";

/**
 * Every operation of the Petstore API as MSW request handlers over one store, for `setupServer`,
 * `setupWorker` or `server.use`.
 * @example
 * const server = setupServer(...createPetstoreHandlers({ apiKeys: ["test-key"] }));
 */
export function createPetstoreHandlers(options: PetstoreHandlersOptions = {}): PetstoreHandlers {
  const baseUrl = resolveBaseUrl("createPetstoreHandlers", options);
  const app = createPetstoreApp(options);
  return Object.assign(handlersFor(app, baseUrl, http), { store: app.store, ready: app.ready });
}
