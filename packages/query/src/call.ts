// What every binding of @petstore/query (TanStack Query, SWR) does the same way: find an operation by
// `method path`, call it through the SDK so that failures are its typed `PetstoreError`, and fetch one page of a list.
import { type PetstoreClient, unwrap } from "@petstore/sdk";
import { operations } from "./generated/operations.js";
import type { Method } from "./operation-types.js";

export type AnyInit = { params?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };
type Call = (path: string, init?: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The operation table's entry of `method path`, split at its spaces: the operationId, then (for a write) the reads its
 * `x-affects` names. A TypeError that names it when the document has no such operation.
 */
export function entryOf(method: Method, path: string): string[] {
  const entry = (operations as Record<string, Record<string, string> | undefined>)[path]?.[method];
  if (!entry) {
    throw new TypeError(`${method.toUpperCase()} ${path} is not an operation of the Petstore API`);
  }
  return entry.split(" ");
}

/** The operationId of `method path`; a TypeError that names it when the document has no such operation. */
export const operationIdOf = (method: Method, path: string): string => entryOf(method, path)[0]!;

/** `["petstore", operationId, params]`, the key both bindings cache a read under. */
export function keyOf(method: Method, path: string, init: AnyInit | undefined): readonly unknown[] {
  return ["petstore", operationIdOf(method, path), init?.params ?? {}];
}

/** Calls `method path` with `init`: resolves with the data, rejects with the SDK's `PetstoreError`. */
export function callerOf(client: PetstoreClient) {
  const calls = client as unknown as Record<Uppercase<Method>, Call>;
  // unwrap names the method and URL of a failure from the request the client sent.
  return (method: Method, path: string, init?: AnyInit): Promise<unknown> =>
    unwrap(calls[method.toUpperCase() as Uppercase<Method>](path, init));
}

/**
 * One page of a list at `offset`: its records, `X-Total-Count`, and the next page's `offset` while that count says
 * records follow. The next page starts after the records this one holds, where a server that follows the document puts
 * its `Link` header's `next`; counting costs the SWR bundle no URL parsing (its size budget, `pnpm bench`). An empty
 * page ends the list whatever the count says, and so does a response without the count.
 */
export async function fetchPage(client: PetstoreClient, path: string, init: AnyInit, offset: number) {
  const { params } = init as { params?: { query?: object } };
  const sent = (client.GET as unknown as Call)(path, {
    ...init,
    params: { ...params, query: { ...params?.query, offset } },
  });
  const items = (await unwrap(sent)) as unknown[];
  const header = (await sent).response.headers.get("X-Total-Count");
  const totalCount = header ? +header : undefined;
  const next = +offset + items.length;
  return { items, nextOffset: items.length && next < (totalCount ?? 0) ? next : undefined, totalCount };
}
