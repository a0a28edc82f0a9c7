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
  query: URLSearchParams,
  offset: number,
  limit: number,
  total: number,
): Record<string, string> {
  const headers: Record<string, string> = { "X-Total-Count": String(total) };
  const link = (rel: string, pageOffset: number) => {
    const params = new URLSearchParams(query);
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
