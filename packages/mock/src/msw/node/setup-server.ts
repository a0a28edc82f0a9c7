// setupPetstoreServer: msw/node's setupServer with every Petstore operation.
import { type SetupServer, setupServer } from "msw/node";
import { type PetstoreHandlersOptions, type PetstoreMswExtras, withPetstore } from "../handlers.js";
import { http } from "./msw-http.js";

export type PetstoreServer = SetupServer & PetstoreMswExtras;

/**
 * msw/node's `setupServer` with every Petstore operation, over its own store (demo data unless you
 * pass a store). A relative `baseUrl` needs `origin` (there is no page to take it from): a
 * `TypeError` says so.
 * @example
 * const petstore = setupPetstoreServer();
 * beforeAll(() => petstore.listen({ onUnhandledRequest: "error" }));
 * afterEach(() => petstore.reset());
 * afterAll(() => petstore.close());
 */
export function setupPetstoreServer(options: PetstoreHandlersOptions = {}): PetstoreServer {
  return withPetstore("setupPetstoreServer", options, setupServer, http);
}
