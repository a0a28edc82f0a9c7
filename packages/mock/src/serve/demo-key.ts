// The public demo key on a server others can reach (a deployed Worker, Deno or Bun bound beyond loopback):
// refused unless the operator allows it on purpose, with a 401 that says how to set keys. Runtime-neutral.
import { DEMO_API_KEY } from "../core/app.js";
import { authenticate, unauthorized } from "../core/http/auth.js";
import type { MockApiError } from "../core/http/errors.js";

import { corsPolicy } from "./access-policy.js";
import { type PetstoreFetchHandler, type PetstoreFetchHandlerOptions, toResponse } from "./handler.js";

const DEMO_ONLY: ReadonlySet<string> = new Set([DEMO_API_KEY]);

/**
 * Whether a host name (a URL's `hostname`, a `hostname` to bind) reaches this machine only: `localhost` and
 * its subdomains, 127.0.0.0/8 and `::1` (with or without brackets).
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "::1" ||
    /^127\.(?:\d{1,3})\.(?:\d{1,3})\.(?:\d{1,3})$/.test(name)
  );
}

/**
 * The 401 of a request that presents the demo key where it does not open the mock; `how` says how to set
 * keys. Undefined for any other `Authorization` (missing, malformed, another key): the usual check answers it.
 */
export function demoKeyRefusal(authorization: string | null, where: string, how: string): MockApiError | undefined {
  try {
    authenticate(authorization, DEMO_ONLY);
  } catch {
    return undefined;
  }
  return unauthorized(`the demo key ${DEMO_API_KEY} does not open ${where}: ${how}`);
}

/** An Error the server answers by itself, as the mock's handler would: the status, its headers and CORS's. */
export function refusalResponse(error: MockApiError, request: Request, corsOrigins: readonly string[]): Response {
  const headers = corsPolicy(corsOrigins).responseHeaders(request.headers.get("origin") ?? undefined);
  headers.push(...Object.entries(error.headers).flat());
  return toResponse(
    { status: error.status, headers, body: error.toBody(), close: false },
    request.method.toUpperCase(),
  );
}

/**
 * `handle`, but a request that presents the demo key gets the 401 of `demoKeyRefusal` (before its body is
 * read); preflights and every other request go to `handle`.
 */
export function refusingDemoKey(
  handle: PetstoreFetchHandler,
  options: Pick<PetstoreFetchHandlerOptions, "corsOrigins" | "onResponse">,
  where: string,
  how: string,
): PetstoreFetchHandler {
  return async (request) => {
    const method = request.method.toUpperCase();
    const refusal = method === "OPTIONS" ? undefined : demoKeyRefusal(request.headers.get("authorization"), where, how);
    if (!refusal) {
      return handle(request);
    }
    const url = new URL(request.url);
    options.onResponse?.({ method, url: url.pathname + url.search, status: refusal.status, ms: 0 });
    return refusalResponse(refusal, request, options.corsOrigins ?? []);
  };
}
