// What the breakages share: telling which operation a request is, reading and rewriting JSON
// answers, and sending a request of the proxy's own with the client's key.
import type { ProxiedRequest, ProxiedResponse, Upstream } from "../upstream.js";

/** The list operations' paths: listPets, listCategories, listOrders, listInventory. */
export const LIST_PATHS = ["/pets", "/categories", "/store/orders", "/store/inventory"];

export const pathOf = (request: ProxiedRequest): string => new URL(request.target, "http://proxy").pathname;

export const isRead = (request: ProxiedRequest): boolean => request.method === "GET" || request.method === "HEAD";

/** A GET or HEAD of one of the list operations. */
export const isListRead = (request: ProxiedRequest): boolean => isRead(request) && LIST_PATHS.includes(pathOf(request));

export const isSuccess = (response: ProxiedResponse): boolean => response.status >= 200 && response.status < 300;

/** The answer's JSON body, or `undefined` when it has none or it is not JSON. */
export function readJson(response: ProxiedResponse): unknown {
  if (response.body.byteLength === 0) {
    return undefined;
  }
  try {
    return JSON.parse(Buffer.from(response.body).toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The request's JSON body, or `undefined`. */
export function readRequestJson(request: ProxiedRequest): unknown {
  return readJson({ status: 0, headers: new Headers(), body: request.body });
}

/** The same answer with `value` as its JSON body. */
export function withJson(response: ProxiedResponse, value: unknown): ProxiedResponse {
  return { ...response, body: new TextEncoder().encode(JSON.stringify(value)) };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Sends `METHOD PATH` with a JSON body of the proxy's own to the backend, with the key of the client's
 * request `cause`, as a backend's own code would act on the client's behalf.
 */
export async function sendOwn(
  upstream: Upstream,
  cause: ProxiedRequest,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const headers = new Headers({ accept: "application/json" });
  const authorization = cause.headers.get("authorization");
  if (authorization !== null) {
    headers.set("authorization", authorization);
  }
  if (json !== undefined) {
    headers.set("content-type", "application/json");
  }
  const body = json === undefined ? new Uint8Array() : new TextEncoder().encode(JSON.stringify(json));
  const response = await upstream.forward({ method, target: path, headers, body });
  return { status: response.status, headers: response.headers, body: readJson(response) };
}
