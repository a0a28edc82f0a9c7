import { createPetstoreApp, DEMO_API_KEY, type PetstoreApp, type PetstoreMockOptions } from "../core/app.js";
import { createControlHandler, isControlPath } from "../core/control/handler.js";
import { contract } from "../core/generated/contract.js";
import { contract as controlContract } from "../core/generated/control/contract.js";
import { payloadTooLarge } from "../core/http/body.js";
import { ApiError } from "../core/http/errors.js";
import type { MockRequest, MockResponse } from "../core/http/types.js";
import { readBody } from "../fetch/request.js";
import { toFetchResponse } from "../fetch/response.js";
import { corsPolicy, fetchRequestAuthority, hostAllowList, hostRefusal } from "./access-policy.js";

export interface PetstoreHandlerOptions extends PetstoreMockOptions {
  /** The app to serve (its own `apiKeys` then apply to the API); by default a new one over these options. */
  app?: PetstoreApp;
  /** Host names answered besides IP addresses and `localhost` (`.example.com` adds its subdomains, `*` any name). */
  allowedHosts?: readonly string[];
  /** Origins whose pages may call the mock besides loopback ones, such as `https://app.example.com` (`*` for any). */
  corsOrigins?: readonly string[];
  /** Serves the control API (`/__petstore/`, openapi/control.yaml) too (default true). */
  control?: boolean;
  /** Called after each response, e.g. to log it. */
  onResponse?: (exchange: { method: string; url: string; status: number; operationId?: string; ms: number }) => void;
  /**
   * Refuses a request without a `Host` header, as `petstore-mock` does (default false: a `Request` built in
   * process has none). A server that hands the handler what arrived on the wire sets it.
   */
  requireHostHeader?: boolean;
  /** How a refused host is allowed, in the words of the caller's configuration (default: the `allowedHosts` option). */
  howToAllowHost?: (name: string) => string;
}

/** Answers a Fetch API request with a Fetch API response. */
export type PetstoreHandler = (request: Request) => Promise<Response>;

const optionHint = (name: string) => `add ${JSON.stringify(name)} to the allowedHosts option of createPetstoreHandler`;

/**
 * The standalone server's behaviour over the Fetch API, for any runtime that serves it (`Deno.serve`,
 * `Bun.serve`, a Cloudflare Worker): every operation, the control API, the Host allow-list, CORS
 * (preflights included), the keys and the body limits, answered exactly as `petstore-mock` answers.
 * Links (`Location`, `Link`) name the origin each request came in on.
 * @example
 * const handle = createPetstoreHandler();
 * Deno.serve({ hostname: "127.0.0.1", port: 4010 }, handle);
 */
export function createPetstoreHandler(options: PetstoreHandlerOptions = {}): PetstoreHandler {
  const app = options.app ?? createPetstoreApp(options);
  const apiKeys = options.apiKeys ?? [DEMO_API_KEY];
  const hostAllowed = hostAllowList(options.allowedHosts ?? []);
  const cors = corsPolicy(options.corsOrigins ?? []);
  const howToAllow = options.howToAllowHost ?? optionHint;
  const requireHostHeader = options.requireHostHeader ?? false;
  const controlHandler = options.control === false ? null : createControlHandler({ sessions: app.sessions, apiKeys });

  const answer = async (request: Request, url: URL): Promise<MockResponse> => {
    const isControl = controlHandler !== null && isControlPath(url.pathname);
    const limit = isControl ? controlContract.limits.requestBodyBytes : contract.limits.requestBodyBytes;
    const method = request.method.toUpperCase();
    const header = (name: string) => request.headers.get(name);
    // Authentication first: a body is read only once its key is accepted on a known route.
    const bodyMatters = (isControl ? controlHandler : app).bodyMatters({ method, path: url.pathname, header });
    if (!bodyMatters) {
      // Fire-and-forget, as readBody cancels an oversized one.
      request.body?.cancel().catch(() => undefined);
    }
    const { body, tooLarge } = bodyMatters ? await readBody(request, limit) : { body: null, tooLarge: false };
    const mockRequest: MockRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      header,
      body,
      bodyTooLarge: tooLarge,
      baseUrl: url.origin,
      signal: request.signal,
    };
    try {
      if (isControl) {
        await app.ready;
        return await controlHandler(mockRequest);
      }
      return await app.handle(mockRequest);
    } catch (error) {
      const failure = tooLarge
        ? payloadTooLarge(limit)
        : new ApiError(500, "INTERNAL_ERROR", `the mock failed unexpectedly: ${(error as Error).message}`);
      return failure.toResponse();
    }
  };

  return async (request) => {
    const started = performance.now();
    // Relative only when a runtime had no Host to build it from (Bun, HTTP/1.0); refused below then.
    const url = new URL(request.url, "http://host.invalid");
    const origin = request.headers.get("origin") ?? undefined;
    const method = request.method.toUpperCase();
    const [authority, fromTarget] = fetchRequestAuthority(url, request.headers.get("host"), requireHostHeader);
    const refusal = hostRefusal(authority, fromTarget, hostAllowed, howToAllow);
    if (!refusal && method === "OPTIONS") {
      const requested = request.headers.get("access-control-request-headers") ?? undefined;
      return new Response(null, { status: 204, headers: cors.preflightHeaders(origin, requested) });
    }
    const result = refusal ? new ApiError(400, "INVALID_PARAMETER", refusal).toResponse() : await answer(request, url);
    const response = toFetchResponse(result, method);
    const corsHeaders = cors.responseHeaders(origin);
    for (let index = 0; index < corsHeaders.length; index += 2) {
      response.headers.append(corsHeaders[index]!, corsHeaders[index + 1]!);
    }
    // This handler also answers OPTIONS (CORS preflight) on every path.
    const allow = response.headers.get("allow");
    if (allow !== null) {
      response.headers.set("Allow", `${allow}, OPTIONS`);
    }
    options.onResponse?.({
      method,
      url: url.pathname + url.search,
      status: result.status,
      operationId: result.operationId,
      ms: performance.now() - started,
    });
    return response;
  };
}
