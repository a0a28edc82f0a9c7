import type { ApiError, ErrorCode } from "./types.js";

/** Codes of failures that never reached the API, got no answer from it, or got one that is not the API's. */
export type ClientErrorCode = "NETWORK_ERROR" | "TIMEOUT" | "UNEXPECTED_RESPONSE";

/**
 * A failed call, for users who prefer `try`/`catch`: thrown by `unwrap`, and by every call when the
 * network fails, a time-out passes or a 2xx body is not JSON. `status` is 0 when no response arrived.
 * @example
 * try {
 *   await unwrap(client.POST("/store/orders", { body: { petId: 1, quantity: 5 } }));
 * } catch (error) {
 *   if (error instanceof PetstoreError && error.code === "INSUFFICIENT_STOCK") showOutOfStock();
 * }
 */
export class PetstoreError extends Error {
  // `declare`: set in the constructor, with no class fields to emit.
  declare readonly code: ErrorCode | ClientErrorCode;
  declare readonly status: number;
  declare readonly method: string;
  /** The URL path of the request, e.g. `/pets/1`. */
  declare readonly path: string;

  constructor(
    init: { code: ErrorCode | ClientErrorCode; message: string; status: number; method: string; url: string },
    options?: { cause?: unknown },
  ) {
    const path = init.url.replace(/^[a-z]+:\/\/[^/]*/i, "");
    super(`${init.method} ${path}: ${init.message}`, options);
    this.name = "PetstoreError";
    this.code = init.code;
    this.status = init.status;
    this.method = init.method;
    this.path = path;
  }
}

/** Whether a value is the API's Error body. */
export function isApiError(value: unknown): value is ApiError {
  const body = value as ApiError | null;
  return typeof body?.code === "string" && typeof body.message === "string" && typeof body.status === "number";
}

/**
 * Turns a call's `{ data, error, response }` into its data, or throws a `PetstoreError`.
 * @example
 * const pet = await unwrap(client.GET("/pets/{petId}", { params: { path: { petId: 1 } } }));
 */
export async function unwrap<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
  request?: { method?: string },
): Promise<Exclude<Data, undefined>> {
  const { data, error, response } = await call;
  // openapi-fetch leaves `error` undefined for a failure with no body, so the status decides.
  if (response.ok) {
    return data as Exclude<Data, undefined>;
  }
  const sent = sentRequests.get(response);
  const method = request?.method ?? sent?.method ?? "HTTP";
  const url = sent?.url ?? response.url;
  if (isApiError(error)) {
    throw new PetstoreError({ ...error, method, url });
  }
  const text = error === undefined ? "(no body)" : typeof error === "string" ? error : JSON.stringify(error);
  throw new PetstoreError({
    code: "UNEXPECTED_RESPONSE",
    message: `HTTP ${response.status}, not an Error body: ${String(text).slice(0, 200)}`,
    status: response.status,
    method,
    url,
  });
}

/** The request behind each response, for error messages (recorded by the client's response middleware). */
export const sentRequests = new WeakMap<Response, Request>();
