// What every binding of @petstore/query (TanStack Query, SWR) does the same way: find an operation by
// `method path`, call it through the SDK so that failures are its typed `PetstoreError`, and fetch one page of a list.
import { type PetstoreClient, parseNextLink, unwrap } from "@petstore/sdk";
import { operations } from "./generated/operations.js";
import type { Method } from "./operation-types.js";

export type AnyInit = { params?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };
type Call = (path: string, init?: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The operationId of `method path`; a TypeError that names it when the document has no such operation. */
export function operationIdOf(method: Method, path: string): string {
  const entry = operations[`${method} ${path}` as keyof typeof operations];
  if (!entry) {
    throw new TypeError(`${method.toUpperCase()} ${path} is not an operation of the Petstore API`);
  }
  return entry.operationId;
}

/** `["petstore", operationId, params]`, the key both bindings cache a read under. */
export function keyOf(method: Method, path: string, init: AnyInit | undefined): readonly unknown[] {
  return ["petstore", operationIdOf(method, path), init?.params ?? {}];
}

/** Calls `method path` with `init`: resolves with the data, rejects with the SDK's `PetstoreError`. */
export function callerOf(client: PetstoreClient) {
  return (method: Method, path: string, init: AnyInit): Promise<unknown> => {
    const send = client[method.toUpperCase() as Uppercase<Method>] as unknown as Call;
    return unwrap(send(path, init), { method: method.toUpperCase() });
  };
}

/** One page of a list at `offset`: its records, the `offset` of the `Link` header's next page, and `X-Total-Count`. */
export async function fetchPage(client: PetstoreClient, path: string, init: AnyInit, offset: number) {
  const base = init as AnyInit & { params?: { query?: Record<string, unknown> } };
  const params = { ...base.params, query: { ...base.params?.query, offset } };
  const sent = (client.GET as unknown as Call)(path, { ...base, params });
  const items = (await unwrap(sent, { method: "GET" })) as unknown[];
  const { response } = await sent;
  const total = response.headers.get("X-Total-Count");
  // The `offset` of the `Link` header's `rel="next"` target, read by the SDK's parser (as `paginate` reads it).
  const next = items.length === 0 ? null : parseNextLink(response.headers.get("Link"))?.get("offset");
  return {
    items,
    nextOffset: next == null ? undefined : Number(next),
    totalCount: total === null ? undefined : Number(total),
  };
}
