// @petstore/mock/node: the mock inside Node test runners (msw/node) and as an HTTP server.
import { type SetupServer, setupServer } from "msw/node";
import { normalizeBaseUrl } from "./adapters/fetch-api.js";
import { handlersFor, type PetstoreHandlersOptions } from "./adapters/msw-handlers.js";
import { createPetstoreApp } from "./app.js";
import type { PetstoreStore } from "./store/store.js";

export {
  createRequestListener,
  type PetstoreServerOptions,
  type RunningPetstoreServer,
  startPetstoreServer,
} from "./adapters/node-http.js";

export type PetstoreServer = SetupServer & {
  /** The store behind the handlers. */
  readonly store: PetstoreStore;
  /** Drops `server.use` overrides and puts the store back to its seeded state: call it after each test. */
  reset(): Promise<void>;
};

/**
 * msw/node's `setupServer` with every Petstore operation, over its own store (demo data unless you
 * pass a store).
 * @example
 * const petstore = setupPetstoreServer();
 * beforeAll(() => petstore.listen({ onUnhandledRequest: "error" }));
 * afterEach(() => petstore.reset());
 * afterAll(() => petstore.close());
 */
export function setupPetstoreServer(options: PetstoreHandlersOptions = {}): PetstoreServer {
  const app = createPetstoreApp(options);
  const server = setupServer(...handlersFor(app, normalizeBaseUrl(options.baseUrl)));
  return Object.assign(server, {
    store: app.store,
    async reset() {
      server.resetHandlers();
      await app.ready;
      await app.store.reset();
    },
  });
}
