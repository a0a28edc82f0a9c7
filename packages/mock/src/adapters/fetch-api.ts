import { contract } from "../generated/contract.js";
import type { MockRequest, MockResponse } from "../http/types.js";

/** A base URL without its trailing slash; relative ones (browser same-origin) resolve against the page. */
export function normalizeBaseUrl(baseUrl: string = contract.defaultBaseUrl): string {
  return baseUrl.replace(/\/+$/, "");
}

/**
 * Reads a body up to the limit and stops there: a larger body is flagged, not buffered whole.
 */
export async function readBody(
  request: Request,
  limit: number,
): Promise<{ body: Uint8Array | null; tooLarge: boolean }> {
  if (!request.body) {
    return { body: null, tooLarge: false };
  }
  const declared = Number(request.headers.get("content-length"));
  // Cancelling is fire-and-forget: some interceptors (msw 3) only settle it once the response is sent.
  if (declared > limit) {
    request.body.cancel().catch(() => undefined);
    return { body: null, tooLarge: true };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      return { body: null, tooLarge: true };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, tooLarge: false };
}

/**
 * Turns Fetch API requests under `baseUrl` into the app's requests. An absolute base is parsed once;
 * a relative one (a browser page's own origin) is resolved against each request.
 */
export function fetchRequestReader(baseUrl: string): (request: Request) => Promise<MockRequest> {
  const absolute = /^https?:\/\//.test(baseUrl) ? new URL(baseUrl) : null;
  return async (request) => {
    const url = new URL(request.url);
    const base = absolute ?? new URL(baseUrl, url);
    const basePath = base.pathname.replace(/\/$/, "");
    const { body, tooLarge } = await readBody(request, contract.limits.requestBodyBytes);
    return {
      method: request.method.toUpperCase(),
      path: url.pathname.slice(basePath.length) || "/",
      query: url.searchParams,
      header: (name) => request.headers.get(name),
      body,
      bodyTooLarge: tooLarge,
      baseUrl: `${base.origin}${basePath}`,
    };
  };
}

/**
 * Serialises the app's response as a Fetch API response (a JSON body goes to `JsonResponse`). To a
 * `HEAD` request it keeps the headers and drops the body, as the Fetch standard requires.
 */
export function toFetchResponse(
  response: MockResponse,
  method: string,
  JsonResponse: new (json: string, init: ResponseInit) => Response = Response,
): Response {
  if (response.body === undefined) {
    return new Response(null, { status: response.status, headers: response.headers });
  }
  const init = { status: response.status, headers: { ...response.headers, "Content-Type": "application/json" } };
  return method === "HEAD" ? new Response(null, init) : new JsonResponse(JSON.stringify(response.body), init);
}
