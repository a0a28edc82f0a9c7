import { createPetstoreApp, type PetstoreApp, type PetstoreMockOptions } from "../core/app.js";
import type { PetstoreSessions } from "../core/sessions/types.js";
import type { PetstoreStore } from "../core/store/store.js";
import { createFetchHandler } from "./handler.js";
import { InMemoryResponse } from "./in-memory-response.js";
import { normalizeBaseUrl } from "./request.js";

export interface PetstoreFetchOptions extends PetstoreMockOptions {
  /** The absolute base URL the mock answers under (default: `http://127.0.0.1:4010`). */
  baseUrl?: string;
}

export type PetstoreFetch = typeof fetch & {
  /** The store behind this fetch, to arrange or inspect state in a test (after `ready`). */
  readonly store: PetstoreStore;
  /** Every session's store, by its `X-Petstore-Session` name (`store` is the session `default`'s). */
  readonly sessions: PetstoreSessions;
  /** Resolves once the default demo data is in the store. */
  readonly ready: Promise<void>;
  /** The app that answers: its `scenarios` and `observe` are what the inspector (`@petstore/mock/devtools`) steers. */
  readonly app: PetstoreApp;
};

/**
 * A `fetch`-compatible function that answers every operation from an in-memory store: no network,
 * no global patching, so tests can run in parallel, each with its own mock.
 * @example
 * const client = createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "petstore-demo-key", fetch: createPetstoreFetch() });
 */
export function createPetstoreFetch(options: PetstoreFetchOptions = {}): PetstoreFetch {
  const app = createPetstoreApp(options);
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  if (!/^https?:\/\//.test(baseUrl)) {
    throw new TypeError(`createPetstoreFetch: baseUrl must be an absolute http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  const handle = createFetchHandler(app, baseUrl, InMemoryResponse);
  const petstoreFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // openapi-fetch and most clients pass a ready Request: use it as it is.
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    if (request.url !== baseUrl && !request.url.startsWith(`${baseUrl}/`) && !request.url.startsWith(`${baseUrl}?`)) {
      throw new TypeError(`fetch failed: the Petstore mock answers only under ${baseUrl}, not ${request.url}`);
    }
    // Honour AbortSignal like a real fetch, from the start, so client time-outs work against the mock.
    return new Promise<Response>((resolve, reject) => {
      const { signal } = request;
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      handle(request)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
  return Object.assign(petstoreFetch, {
    store: app.store,
    sessions: app.sessions,
    ready: app.ready,
    app,
  }) as PetstoreFetch;
}
