import { createPetstoreApp, type PetstoreApp } from "../core/app.js";
import { readBody } from "../fetch/request.js";
import { fetchRequestAuthority } from "./access-policy.js";
import type { DemoKeyPolicy } from "./demo-key.js";
import { toResponse } from "./fetch-answer.js";
import { createPipeline } from "./pipeline.js";
import type { ReferenceFiles } from "./reference-route.js";
import type { PetstoreServerSettings } from "./settings.js";

export interface PetstoreFetchHandlerOptions extends PetstoreServerSettings {
  /** The app to serve (its own `apiKeys` then apply to the API); by default a new one over these options. */
  app?: PetstoreApp;
  /** Serves the control API (`/__petstore/`, openapi/control.yaml) too (default true). */
  control?: boolean;
  /** The built API reference to serve at `/docs/`, with try-it aimed at this server. */
  reference?: ReferenceFiles;
  /**
   * Refuses a request without a `Host` header, as `petstore-mock` does (default false: a `Request` built in
   * process has none). A server that hands the handler what arrived on the wire sets it.
   */
  requireHostHeader?: boolean;
  /**
   * The server's own URL, for `Location` and `Link`, as `petstore-mock` builds them from its own address rather
   * than from `Host` (default: the origin each request came in on, for a handler that has no address of its own).
   */
  baseUrl?: string | (() => string | undefined);
}

/** Answers a Fetch API request with a Fetch API response. */
export type PetstoreFetchHandler = (request: Request) => Promise<Response>;

/**
 * The standalone server's behaviour over the Fetch API, for any runtime that serves it (`Deno.serve`,
 * `Bun.serve`, a Cloudflare Worker): every operation, the control API, the Host allow-list, CORS
 * (preflights included), the keys, the body limits and the delay, answered exactly as `petstore-mock`
 * answers (both are wires over one pipeline). Links (`Location`, `Link`) name the origin each request came in on.
 * @example
 * const handle = createPetstoreFetchHandler();
 * Deno.serve({ hostname: "127.0.0.1", port: 4010 }, handle);
 */
export function createPetstoreFetchHandler(options: PetstoreFetchHandlerOptions = {}): PetstoreFetchHandler {
  return fetchHandler(options, undefined);
}

/** `createPetstoreFetchHandler`, with the demo-key policy of the standalone server that serves it. */
export function fetchHandler(
  options: PetstoreFetchHandlerOptions,
  demoKey: DemoKeyPolicy | undefined,
): PetstoreFetchHandler {
  const app = options.app ?? createPetstoreApp(options);
  const pipeline = createPipeline({ ...options, app, demoKey });
  const ownUrl = typeof options.baseUrl === "function" ? options.baseUrl : () => options.baseUrl as string | undefined;
  const requireHostHeader = options.requireHostHeader ?? false;
  return async (request) => {
    // Relative only when a runtime had no Host to build it from (Bun, HTTP/1.0); refused as having no Host then.
    const url = new URL(request.url, "http://host.invalid");
    const method = request.method.toUpperCase();
    const hostHeader = request.headers.get("host");
    const [authority, fromTarget] = fetchRequestAuthority(url, hostHeader, requireHostHeader);
    const answer = await pipeline({
      method,
      target: fromTarget ? url.href : url.pathname + url.search,
      host: fromTarget ? (hostHeader ?? undefined) : authority,
      header: (name) => request.headers.get(name),
      hasBody: request.body !== null,
      readBody: (limit) => readBody(request, limit),
      // Fire-and-forget, as readBody cancels an oversized one.
      skipBody: () => void request.body?.cancel().catch(() => undefined),
      baseUrl: () => ownUrl() ?? url.origin,
      signal: request.signal,
    });
    return toResponse(answer, method);
  };
}
