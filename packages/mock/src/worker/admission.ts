import { isControlPath } from "../core/control/handler.js";
import { operations as controlOperations } from "../core/generated/control/contract.js";
import { authenticate } from "../core/http/auth.js";
import { MockApiError } from "../core/http/errors.js";
import { createRouter, matchRoute } from "../core/http/router.js";
import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import { demoKeyPolicy, demoKeyRefusal } from "../serve/demo-key.js";
import type { WorkerConfig } from "./config.js";
import { sessionOfRequest } from "./session-of-request.js";

const controlRoute = createRouter(controlOperations);

/** How to open a deployed Worker, said by the 401 to the demo key. */
export const HOW_TO_SET_KEYS =
  'set your team\'s keys with "wrangler secret put PETSTORE_API_KEYS" (comma-separated), or PETSTORE_ALLOW_DEMO_KEY = "true" in wrangler.toml [vars] to accept the demo key on purpose (a public sandbox)';

/** Where a request goes: the session whose Durable Object answers it, or the 401 the Worker answers itself. */
export type Admission = { session: string; refusal?: undefined } | { refusal: MockApiError };

/**
 * Decides a request before any session's Durable Object is reached: the key first, as every server of the
 * mock checks it (after the route: a preflight, or a path of no operation, is answered without a key, by
 * `default`'s object, whatever session the request names: its 404 or 405 needs no session). A request to
 * an operation without a valid key gets its 401 here, before its body is read or any storage is touched;
 * so does the demo key on a host other than loopback when the Worker has no keys of its own.
 */
export function admit(request: Request, config: WorkerConfig): Admission {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") {
    return { session: DEFAULT_SESSION };
  }
  let constantHeaders: Record<string, string | null> = {};
  if (isControlPath(url.pathname)) {
    if (!controlRoute(method, url.pathname).operation) {
      return { session: DEFAULT_SESSION };
    }
  } else {
    const { operation } = matchRoute(method, url.pathname);
    if (!operation) {
      return { session: DEFAULT_SESSION };
    }
    constantHeaders = operation.successHeaders;
  }
  const authorization = request.headers.get("authorization");
  let refusal: MockApiError | undefined;
  try {
    authenticate(authorization, new Set(config.apiKeys));
  } catch (error) {
    refusal = error as MockApiError;
  }
  if (!refusal) {
    // The policy every server applies (serve/demo-key.ts); a Worker is reached at the host it is called on.
    const settings = { host: url.hostname, allowDemoKey: !config.demoKeyOnLoopbackOnly };
    refusal = demoKeyRefusal(authorization, demoKeyPolicy(settings, HOW_TO_SET_KEYS, `this Worker on ${url.hostname}`));
  }
  return refusal ? { refusal: withConstantHeaders(refusal, constantHeaders) } : { session: sessionOfRequest(request) };
}

/** The operation's headers of fixed value (`Deprecation`, `Sunset`), on its 401 too, as the mock adds them. */
function withConstantHeaders(error: MockApiError, documented: Record<string, string | null>): MockApiError {
  const fixed = Object.entries(documented).filter((entry): entry is [string, string] => entry[1] !== null);
  if (!fixed.length) {
    return error;
  }
  return new MockApiError(error.status, error.code, error.message, { ...error.headers, ...Object.fromEntries(fixed) });
}
