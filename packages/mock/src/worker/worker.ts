import { MockApiError } from "../core/http/errors.js";
import { toFetchResponse } from "../fetch/response.js";
import { refusalResponse } from "../serve/demo-key.js";
import { admit } from "./admission.js";
import { readWorkerConfig, startFailure } from "./config.js";
import { forward, fromClient, isSessionList, listEverySession, type SessionStub } from "./every-session.js";
import type { AssetsBindingLike, DurableObjectNamespaceLike, PetstoreCloudflareEnv } from "./platform.js";
import { isReferencePath, workerReference } from "./reference.js";

export interface PetstoreCloudflareWorkerOptions {
  /** The name of the Durable Object binding of `PetstoreSessionObject` in wrangler.toml (default `PETSTORE_SESSIONS`). */
  binding?: string;
  /**
   * The name of the Workers Static Assets binding whose directory is the built API reference (default `ASSETS`;
   * wrangler.toml `[assets]`, `directory = "node_modules/@petstore/mock/dist/reference"`, `run_worker_first = true`):
   * the Worker serves it at `/docs/`, with try-it aimed at itself. Without the binding, `/docs/` is a `404`.
   */
  assets?: string;
}

/** A module Worker: `export default` it, beside `export { PetstoreSessionObject }`. */
export interface PetstoreCloudflareWorker {
  fetch(request: Request, env: object): Promise<Response>;
}

/**
 * The mock as a module Worker: each request goes to the Durable Object of its session (the
 * `X-Petstore-Session` header, or the session a control path names; `default` without either), which
 * answers it as `petstore-mock` would. The key is checked first, here: a request to an operation without
 * a valid key gets its 401 before any object is reached, so it can neither create nor touch a session's
 * storage. The list of sessions (`GET /__petstore/sessions`) names every live session: `default`'s object
 * keeps a directory of the stored ones. Without `PETSTORE_API_KEYS`, the demo key opens the Worker only on a
 * loopback host (`wrangler dev`), unless `PETSTORE_ALLOW_DEMO_KEY` is `true`.
 * @example
 * // src/index.ts of a Worker
 * export { PetstoreSessionObject } from "@petstore/mock/worker";
 * export default createPetstoreCloudflareWorker({ binding: "PETSTORE_SESSIONS" });
 */
export function createPetstoreCloudflareWorker(
  options: PetstoreCloudflareWorkerOptions = {},
): PetstoreCloudflareWorker {
  const binding = options.binding ?? "PETSTORE_SESSIONS";
  const assetsBinding = options.assets ?? "ASSETS";
  let reference: ReturnType<typeof workerReference> | undefined;
  return {
    async fetch(received, env) {
      const request = fromClient(received);
      const namespace = (env as Record<string, DurableObjectNamespaceLike | undefined>)[binding];
      if (typeof namespace?.idFromName !== "function") {
        const message = `the Worker has no Durable Object binding named ${binding}: declare it in wrangler.toml ([[durable_objects.bindings]] name = "${binding}", class_name = "PetstoreSessionObject")`;
        return toFetchResponse(new MockApiError(500, "INTERNAL_ERROR", message).toResponse(), request.method);
      }
      let session: string;
      try {
        const config = readWorkerConfig(env as PetstoreCloudflareEnv);
        const assets = (env as Record<string, AssetsBindingLike | undefined>)[assetsBinding];
        if (typeof assets?.fetch === "function" && isReferencePath(new URL(request.url).pathname)) {
          reference ??= workerReference(assets);
          return await reference(request, config);
        }
        const admission = admit(request, config);
        if (admission.refusal) {
          return refusalResponse(admission.refusal, request, config.corsOrigins);
        }
        session = admission.session;
      } catch (error) {
        // Settings that cannot be used (a CORS origin too): the Error names them.
        return toFetchResponse(startFailure(error).toResponse(), request.method);
      }
      const stub: SessionStub = (name) => namespace.get(namespace.idFromName(name));
      return isSessionList(request) ? listEverySession(request, stub) : forward(request, session, stub);
    },
  };
}

/** `createPetstoreCloudflareWorker()`: the binding `PETSTORE_SESSIONS`. */
export const petstoreCloudflareWorker: PetstoreCloudflareWorker = createPetstoreCloudflareWorker();
