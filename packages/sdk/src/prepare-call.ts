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

export type Fetch = (request: Request) => Promise<Response>;
export type Params = { header?: HeadersOptions; path?: Record<string, unknown>; query?: Record<string, unknown> };
/** A call's options, as openapi-fetch's `FetchOptions`: its own, then whatever else `RequestInit` takes. */
export type CallInit = {
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

/** A call as its middleware is shown it (with the error or the response): the request is the latest one. */
export interface HookContext {
  request: Request;
  schemaPath: string;
  params: Params;
  /** The call's options over the client's, frozen as openapi-fetch's are. */
  options: Readonly<{ fetch: Fetch; parseAs: string }>;
  id: string;
}

/**
 * One call as openapi-fetch sets it up from the call's options over the client's: its `Request` and the rest of
 * what its middleware is shown, and the call's own middleware.
 */
export function prepareCall(
  schemaPath: string,
  init: CallInit,
  baseUrl: string,
  baseHeaders: HeadersOptions | undefined,
  baseFetch: Fetch,
): readonly [HookContext, Middleware[]] {
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
  const request = new Request(
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
  // Options that Request does not know stay on it, where middleware can read them (as openapi-fetch does).
  for (const key in rest) {
    if (!(key in request)) {
      (request as unknown as Record<string, unknown>)[key] = rest[key];
    }
  }
  const options = Object.freeze({
    baseUrl: finalBaseUrl,
    fetch,
    parseAs,
    querySerializer,
    bodySerializer,
    pathSerializer,
  });
  const context: HookContext = { request, schemaPath, params, options, id: Math.random().toString(36).slice(2, 11) };
  return [context, middleware] as const;
}
