import { contract } from "../core/generated/contract.js";
import type { MockRequest } from "../core/http/types.js";

/** A base URL without its trailing slash. */
export function normalizeBaseUrl(baseUrl: string = contract.defaultBaseUrl): string {
  return baseUrl.replace(/\/+$/, "");
}

const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The page's origin in a browser (or a DOM emulation such as jsdom); none in plain Node. */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === "string" && ABSOLUTE_HTTP.test(origin) ? origin : undefined;
}

/**
 * The absolute base URL, without its trailing slash, that `caller` answers under. A relative base
 * such as `/api` means one origin only: `origin` if given, else the page's. Where there is neither
 * (plain Node) it is refused: matching it on every host would swallow calls to other services.
 */
export function resolveBaseUrl(caller: string, options: { baseUrl?: string; origin?: string }): string {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  if (ABSOLUTE_HTTP.test(baseUrl)) {
    return baseUrl;
  }
  if ((baseUrl !== "" && !baseUrl.startsWith("/")) || baseUrl.startsWith("//")) {
    throw new TypeError(
      `${caller}: baseUrl must be an absolute http(s) URL such as "http://localhost:5173/api" or a path such as "/api", got ${JSON.stringify(options.baseUrl)}`,
    );
  }
  const origin = options.origin ?? pageOrigin();
  if (origin === undefined) {
    throw new TypeError(
      `${caller}: baseUrl ${JSON.stringify(options.baseUrl)} is relative and there is no page origin to resolve it against; give an absolute baseUrl such as "http://localhost:5173${baseUrl}", or the origin it belongs to, e.g. origin: "http://localhost:5173"`,
    );
  }
  const parsed = ABSOLUTE_HTTP.test(origin) && URL.canParse(origin) ? new URL(origin) : undefined;
  if (parsed?.pathname !== "/" || parsed.search || parsed.hash || parsed.username) {
    throw new TypeError(
      `${caller}: origin must be a scheme, host and optional port such as "http://localhost:5173", got ${JSON.stringify(origin)}`,
    );
  }
  return `${parsed.origin}${baseUrl}`;
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
 * Turns Fetch API requests under `baseUrl` (absolute, see `resolveBaseUrl`) into the app's requests, reading at most
 * `bodyLimit` bytes of a body (the API's limit; the control API has its own).
 */
export function fetchRequestReader(
  baseUrl: string,
  bodyLimit: number = contract.limits.requestBodyBytes,
): (request: Request) => Promise<MockRequest> {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, "");
  const absoluteBase = `${base.origin}${basePath}`;
  return async (request) => {
    const url = new URL(request.url);
    const { body, tooLarge } = await readBody(request, bodyLimit);
    return {
      method: request.method.toUpperCase(),
      path: url.pathname.slice(basePath.length) || "/",
      query: url.searchParams,
      header: (name) => request.headers.get(name),
      body,
      bodyTooLarge: tooLarge,
      baseUrl: absoluteBase,
      signal: request.signal,
    };
  };
}
