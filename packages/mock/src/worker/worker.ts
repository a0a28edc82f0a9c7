import { ApiError } from "../core/http/errors.js";
import { toFetchResponse } from "../fetch/response.js";
import type { DurableObjectNamespaceLike } from "./platform.js";
import { sessionOfRequest } from "./session-of-request.js";

export interface PetstoreWorkerOptions {
  /** The name of the Durable Object binding of `PetstoreSession` in wrangler.toml (default `PETSTORE_SESSIONS`). */
  binding?: string;
}

/** A module Worker: `export default` it, beside `export { PetstoreSession }`. */
export interface PetstoreWorker {
  fetch(request: Request, env: object): Promise<Response>;
}

/**
 * The mock as a module Worker: each request goes to the Durable Object of its session (the
 * `X-Petstore-Session` header, or the session a control path names; `default` without either), which
 * answers it as `petstore-mock` would.
 * @example
 * // src/index.ts of a Worker
 * export { PetstoreSession } from "@petstore/mock/worker";
 * export default createPetstoreWorker({ binding: "PETSTORE_SESSIONS" });
 */
export function createPetstoreWorker(options: PetstoreWorkerOptions = {}): PetstoreWorker {
  const binding = options.binding ?? "PETSTORE_SESSIONS";
  return {
    async fetch(request, env) {
      const namespace = (env as Record<string, DurableObjectNamespaceLike | undefined>)[binding];
      if (typeof namespace?.idFromName !== "function") {
        const message = `the Worker has no Durable Object binding named ${binding}: declare it in wrangler.toml ([[durable_objects.bindings]] name = "${binding}", class_name = "PetstoreSession")`;
        return toFetchResponse(new ApiError(500, "INTERNAL_ERROR", message).toResponse(), request.method);
      }
      return namespace.get(namespace.idFromName(sessionOfRequest(request))).fetch(request);
    },
  };
}

/** `createPetstoreWorker()`: the binding `PETSTORE_SESSIONS`. */
export const petstoreWorker: PetstoreWorker = createPetstoreWorker();
