export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * The `X-Total-Count` and RFC 8288 `Link` headers of a page, with absolute URLs that keep the
 * request's filters.
 */
export function pagingHeaders(
  baseUrl: string,
  path: string,
  query: URLSearchParams | (() => URLSearchParams),
  offset: number,
  limit: number,
  total: number,
): Record<string, string> {
  const headers: Record<string, string> = { "X-Total-Count": String(total) };
  // The query is worked out only for a page with a neighbour (a first page that holds everything has no Link).
  let filters: URLSearchParams | undefined;
  const link = (rel: string, pageOffset: number) => {
    filters ??= typeof query === "function" ? query() : query;
    const params = new URLSearchParams(filters);
    params.set("limit", String(limit));
    params.set("offset", String(pageOffset));
    return `<${baseUrl}${path}?${params}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (offset + limit < total) {
    links.push(link("next", offset + limit));
  }
  if (offset > 0) {
    links.push(link("prev", Math.max(0, Math.min(offset - limit, total - limit))));
  }
  if (links.length) {
    headers.Link = links.join(", ");
  }
  return headers;
}
