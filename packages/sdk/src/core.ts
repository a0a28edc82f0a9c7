import {
  type BodySerializer,
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  type HeadersOptions,
  type Middleware,
  mergeHeaders,
  type PathSerializer,
  type QuerySerializer,
  type QuerySerializerOptions,
} from "openapi-fetch";
import { PetstoreError } from "./errors.js";

type Fetch = (request: Request) => Promise<Response>;
type Params = { header?: HeadersOptions; path?: Record<string, unknown>; query?: Record<string, unknown> };
/** A call's options, as openapi-fetch's `FetchOptions`: its own, then whatever else `RequestInit` takes. */
type CallInit = {
  baseUrl?: string;
  fetch?: Fetch;
  headers?: HeadersOptions;
  params?: Params;
  parseAs?: "json" | "text" | "blob" | "arrayBuffer" | "stream";
  querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
  bodySerializer?: BodySerializer<unknown>;
  pathSerializer?: PathSerializer;
  body?: unknown;
  middleware?: Middleware[];
  method: string;
  [option: string]: unknown;
};
type Hook = "onRequest" | "onResponse" | "onError";

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

  async function call(
    schemaPath: string,
    init: CallInit,
  ): Promise<{ data?: unknown; error?: unknown; response: Response }> {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: asked,
      bodySerializer = defaultBodySerializer,
      pathSerializer = defaultPathSerializer,
      body,
      middleware = [],
      ...rest
    } = init;
    const querySerializer = typeof asked === "function" ? asked : createQuerySerializer(asked);
    const finalBaseUrl = localBaseUrl ? localBaseUrl.replace(/\/$/, "") : baseUrl;
    // The serializer gets every header (the default one reads Content-Type to choose a form encoding).
    const serializedBody =
      body === undefined
        ? undefined
        : (bodySerializer as (body: unknown, headers: Headers) => unknown)(
            body,
            mergeHeaders(baseHeaders, headers, params.header),
          );
    let request = new Request(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      {
        // openapi-fetch's `redirect: "follow"` is the default of Request.
        ...rest,
        body: serializedBody as BodyInit | undefined,
        headers: mergeHeaders(
          // No Content-Type without a body, nor for FormData (the browser sets it, with the boundary).
          serializedBody === undefined || serializedBody instanceof FormData
            ? {}
            : { "Content-Type": "application/json" },
          baseHeaders,
          headers,
          params.header,
        ),
      },
    );
    for (const key in rest) {
      if (!(key in request)) {
        (request as unknown as Record<string, unknown>)[key] = rest[key];
      }
    }
    const all = [...middlewares, ...middleware];
    const options = Object.freeze({
      baseUrl: finalBaseUrl,
      fetch,
      parseAs,
      querySerializer,
      bodySerializer,
      pathSerializer,
    });
    const id = Math.random().toString(36).slice(2, 11);
    /**
     * Runs one hook of every middleware that has it (last first on the way back), with the request,
     * response and error as they are by then; each result goes to `took`, which returns true to stop.
     */
    const run = async (hook: Hook, extra: () => object, took: (result: unknown) => boolean) => {
      for (const m of hook === "onRequest" ? all : [...all].reverse()) {
        const result =
          typeof m?.[hook] === "function" &&
          (await (m[hook] as (context: object) => unknown)({ request, schemaPath, params, options, id, ...extra() }));
        if (result && took(result)) {
          return;
        }
      }
    };
    let response: Response | undefined;
    await run(
      "onRequest",
      () => ({}),
      (result) => {
        if (result instanceof Response) {
          response = result;
          return true;
        }
        if (!(result instanceof Request)) {
          throw new Error("onRequest: must return new Request() or Response() when modifying the request");
        }
        request = result;
        return false;
      },
    );
    if (!response) {
      try {
        response = await fetch(request);
      } catch (error) {
        // Each onError sees the error the one before it gave; a Response ends the failure.
        let failure: unknown = error;
        await run(
          "onError",
          () => ({ error: failure }),
          (result) => {
            if (result instanceof Response) {
              failure = undefined;
              response = result;
              return true;
            }
            if (!(result instanceof Error)) {
              throw new Error("onError: must return new Response() or instance of Error");
            }
            failure = result;
            return false;
          },
        );
        if (failure) {
          throw failure;
        }
      }
      await run(
        "onResponse",
        () => ({ response }),
        (result) => {
          if (!(result instanceof Response)) {
            throw new Error("onResponse: must return new Response() when modifying the response");
          }
          response = result;
          return false;
        },
      );
    }
    onAnswer(request, response!, schemaPath);
    return read(request, response!, parseAs);
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

/** Reads a response as openapi-fetch does, as JSON by default; a 2xx that is not JSON is an `UNEXPECTED_RESPONSE`. */
async function read(request: Request, response: Response, parseAs: string) {
  const contentLength = response.headers.get("Content-Length");
  if (
    response.status === 204 ||
    request.method === "HEAD" ||
    (contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked"))
  ) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok && parseAs !== "json") {
    return {
      data:
        parseAs === "stream" ? response.body : await (response as unknown as Record<string, () => unknown>)[parseAs]!(),
      response,
    };
  }
  const raw = await response.text();
  try {
    return response.ok ? { data: raw ? JSON.parse(raw) : undefined, response } : { error: JSON.parse(raw), response };
  } catch (error) {
    if (!response.ok) {
      return { error: raw, response };
    }
    // The API answers JSON: a 2xx that is not (an HTML page, plain text, truncated JSON) is no answer of it.
    throw new PetstoreError(
      {
        code: "UNEXPECTED_RESPONSE",
        message: `HTTP ${response.status}, the body is not JSON: ${raw.slice(0, 200)}`,
        status: response.status,
        method: request.method,
        url: request.url,
      },
      { cause: error },
    );
  }
}
