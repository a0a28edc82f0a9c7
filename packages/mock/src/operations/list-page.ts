import { pagingHeaders } from "../http/paging.js";
import type { PageQuery, Table } from "../store/table.js";
import type { OperationResult } from "./context.js";

interface ListContext {
  query: { offset?: number; limit?: number };
  rawQuery: URLSearchParams;
  requestPath: string;
  baseUrl: string;
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
    headers: pagingHeaders(baseUrl, requestPath, rawQuery, offset, limit, page.total),
    body: page.items,
  };
}
