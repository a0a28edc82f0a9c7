import { http } from "msw";
import { createPetstoreApp } from "../core/app.js";
import { resolveBaseUrl } from "../fetch/request.js";
import { handlersFor, type PetstoreHandlers, type PetstoreHandlersOptions } from "./handlers.js";

/**
 * Every operation of the Petstore API as MSW request handlers over one store, for `setupServer`,
 * `setupWorker` or `server.use`.
 * @example
 * const server = setupServer(...createPetstoreHandlers({ apiKeys: ["test-key"] }));
 */
export function createPetstoreHandlers(options: PetstoreHandlersOptions = {}): PetstoreHandlers {
  const baseUrl = resolveBaseUrl("createPetstoreHandlers", options);
  const app = createPetstoreApp(options);
  return Object.assign(handlersFor(app, baseUrl, http), {
    store: app.store,
    sessions: app.sessions,
    ready: app.ready,
    app,
  });
}
