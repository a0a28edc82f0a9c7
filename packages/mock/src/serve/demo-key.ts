// The public demo key on a server others can reach (the Node CLI, startPetstoreServer, Deno or Bun bound beyond
// loopback; a deployed Worker): refused unless the operator allows it on purpose, with a 401 that says how to set
// keys. One policy, runtime-neutral: the pipeline applies it on every server, the Worker before any session.
import { DEMO_API_KEY } from "../core/app.js";
import { authenticate, unauthorized } from "../core/http/auth.js";
import type { MockApiError } from "../core/http/errors.js";
import { corsPolicy } from "./access-policy.js";
import { toResponse } from "./fetch-answer.js";

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

/** The demo key refused where others can reach the server: `where` names the place, `how` says how to set keys. */
export interface DemoKeyPolicy {
  readonly where: string;
  readonly how: string;
}

/** What decides the policy: the host bound, the keys given, and the operator's opt-in. */
export interface DemoKeySettings {
  /** The host the server is bound to. */
  readonly host: string;
  /** Keys given on purpose (even the demo key among them): the demo key is then just one of them. */
  readonly apiKeys?: readonly string[];
  /** Accepts the demo key beyond loopback on purpose (a public sandbox). */
  readonly allowDemoKey?: boolean;
}

/**
 * The policy of a server reachable at `settings.host` (the host it binds; for a Worker, the host it is called on):
 * undefined (the demo key opens it) on loopback, with keys of its own, or with `allowDemoKey`; else the demo key
 * is refused, with `where` (default: the host bound) and `how` in the 401.
 */
export function demoKeyPolicy(settings: DemoKeySettings, how: string, where?: string): DemoKeyPolicy | undefined {
  const { host } = settings;
  if (settings.apiKeys !== undefined || settings.allowDemoKey === true || isLoopbackHost(host)) {
    return undefined;
  }
  return { where: where ?? `a mock bound to ${host}, which other machines can reach`, how };
}

/**
 * The 401 of a request that presents the demo key where the policy refuses it. Undefined for any other
 * `Authorization` (missing, malformed, another key), which the usual check answers, and without a policy.
 */
export function demoKeyRefusal(
  authorization: string | null,
  policy: DemoKeyPolicy | undefined,
): MockApiError | undefined {
  if (!policy) {
    return undefined;
  }
  try {
    authenticate(authorization, DEMO_ONLY);
  } catch {
    return undefined;
  }
  return unauthorized(`the demo key ${DEMO_API_KEY} does not open ${policy.where}: ${policy.how}`);
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
