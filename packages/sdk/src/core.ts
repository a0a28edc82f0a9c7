import type { HeadersOptions, Middleware } from "openapi-fetch";
import { sendThroughMiddleware } from "./middleware.js";
import { type CallInit, type Fetch, prepareCall } from "./prepare-call.js";
import { readResponse } from "./read-response.js";

/** The client's bookkeeping on every answer callers get: after every middleware, before the body is parsed. */
export type OnAnswer = (request: Request, response: Response, schemaPath: string) => void;

/**
 * openapi-fetch's `createClient`, for the options the SDK gives it (a base URL without a trailing
 * slash, headers and a fetch): the same calls, per-call options and middleware (`onRequest`,
 * `onResponse`, `onError`, `use`, `eject`), built on openapi-fetch's own serializers; without the
 * client-wide serializers, `Request` class and `requestInitExt` that the SDK never sets, so they
 * are not in the bundle. Bodies are read as JSON or text (the transport has read them already); a 2xx
 * whose body is not JSON is an `UNEXPECTED_RESPONSE` PetstoreError.
 */
export function createCore(
  baseUrl: string,
  baseHeaders: HeadersOptions | undefined,
  baseFetch: Fetch,
  onAnswer: OnAnswer,
) {
  const middlewares: Middleware[] = [];

  /** One call: its request built, sent through the middleware, told to `onAnswer`, then read. */
  async function call(
    schemaPath: string,
    init: CallInit,
  ): Promise<{ data?: unknown; error?: unknown; response: Response }> {
    const [context, middleware] = prepareCall(schemaPath, init, baseUrl, baseHeaders, baseFetch);
    const response = await sendThroughMiddleware(context, [...middlewares, ...middleware]);
    onAnswer(context.request, response, schemaPath);
    return readResponse(context.request, response, context.options.parseAs);
  }

  const client: Record<string, unknown> = {
    request: (method: string, url: string, init?: object) => call(url, { ...init, method: method.toUpperCase() }),
    use(...added: Middleware[]) {
      for (const m of added) {
        if (m) {
          if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
            throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
          }
          middlewares.push(m);
        }
      }
    },
    eject(...removed: Middleware[]) {
      for (const m of removed) {
        const index = middlewares.indexOf(m);
        if (index !== -1) {
          middlewares.splice(index, 1);
        }
      }
    },
  };
  for (const method of ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]) {
    client[method] = (url: string, init?: object) => call(url, { ...init, method });
  }
  return client;
}
