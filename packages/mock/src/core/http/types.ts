/** A request as every adapter hands it to the app: parsed just enough, and framework-neutral. */
export interface MockRequest {
  method: string;
  /** The path below the base URL, e.g. `/pets/1`. */
  path: string;
  query: URLSearchParams;
  /** Reads a header case-insensitively. */
  header(name: string): string | null;
  /** The body bytes, or null when the request has none. */
  body: Uint8Array | null;
  /** Set by an adapter that stopped reading because the body passed the limit. */
  bodyTooLarge?: boolean;
  /** The absolute base URL the request came in under, for `Location` and `Link`. */
  baseUrl: string;
  /** Fires when the client gives up: a `Prefer: delay` then ends at once, with its timer cleared. */
  signal?: AbortSignal;
}

/**
 * A response as the app returns it; adapters serialise `body` as JSON. To a `HEAD` request the app
 * answers what the `GET` would, body included, and the adapter sends the headers of that body
 * (`Content-Type`, `Content-Length`) without the body itself.
 */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  /** The operation that answered, when the route matched one. */
  operationId?: string;
  /** What failed, on a `500` the mock did not expect (see `unexpected`): for the server's log, never sent. */
  cause?: unknown;
}
