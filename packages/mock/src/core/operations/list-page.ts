import { pagingHeaders } from "../http/paging.js";
import type { PageQuery, Table } from "../store/table.js";
import type { OperationResult } from "./context.js";

interface ListContext {
  query: { offset?: number; limit?: number } & Record<string, unknown>;
  rawQuery: URLSearchParams;
  requestPath: string;
  baseUrl: string;
}

/**
 * The request's filters in the order they were sent, each value in its canonical form (`id=0007`
 * → `id=7`), so a `Link` stays within the length the document gives it whatever the client sent.
 */
function canonicalQuery(rawQuery: URLSearchParams, query: Record<string, unknown>): URLSearchParams {
  const canonical = new URLSearchParams();
  for (const name of new Set(rawQuery.keys())) {
    const value = query[name];
    for (const item of Array.isArray(value) ? value : [value]) {
      canonical.append(name, String(item));
    }
  }
  return canonical;
}

/**
 * One page of a list operation with its `X-Total-Count` and `Link` headers. `offset` and `limit`
 * always arrive set: the parameter parser applies the document's defaults.
 */
export function listPage<T extends object>(
  { query, rawQuery, requestPath, baseUrl }: ListContext,
  table: Table<T>,
  filter: Omit<PageQuery<T>, "offset" | "limit"> = {},
): OperationResult {
  const offset = query.offset!;
  const limit = query.limit!;
  const page = table.page({ ...filter, offset, limit });
  return {
    status: 200,
    headers: pagingHeaders(baseUrl, requestPath, () => canonicalQuery(rawQuery, query), offset, limit, page.total),
    body: page.items,
  };
}
