import type { FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { PathsWithMethod } from "openapi-typescript-helpers";
import type { InitParam, PetstoreClient } from "./client-types.js";
import { PetstoreError, sentRequests, unwrap } from "./errors.js";
import type { paths } from "./generated/schema.js";

type GetPaths = PathsWithMethod<paths, "get">;
type QueryOf<P extends GetPaths> = NonNullable<paths[P]["get"]["parameters"]["query"]>;
/** The list operations: those paged with `offset` and `limit`. */
export type PagedPath = {
  [P in GetPaths]: [QueryOf<P>] extends [never] ? never : QueryOf<P> extends { offset?: number } ? P : never;
}[GetPaths];
type PageData<P extends PagedPath> = NonNullable<
  FetchResponse<paths[P]["get"], Record<string, never>, `${string}/${string}`>["data"]
>;
export type PageItem<P extends PagedPath> = PageData<P> extends readonly (infer Item)[] ? Item : never;

/**
 * The query parameters of an RFC 8288 `Link` header's `rel="next"` target, or null when it names none:
 * how `paginate` finds the next page's `offset` and `limit`.
 * @example
 * parseNextLink('<http://127.0.0.1:4010/pets?offset=20&limit=20>; rel="next"')?.get("offset"); // "20"
 */
export function parseNextLink(link: string | null): URLSearchParams | null {
  const match = link ? /<([^>]*)>\s*;\s*rel="?next"?/.exec(link) : null;
  return match ? new URL(match[1]!, "http://link.invalid").searchParams : null;
}

/** The `offset` and `limit` of the `Link` header's `rel="next"` target, if there is one. */
function nextPage(link: string | null): { offset: number; limit: number } | null {
  const query = parseNextLink(link);
  return query && { offset: Number(query.get("offset")), limit: Number(query.get("limit")) };
}

/**
 * Iterates over every record of a list operation, page after page, following the `Link` header's
 * `next` relation. Throws a `PetstoreError` if a page fails, or if a `next` link does not lead past
 * the page it is on.
 * @example
 * for await (const pet of paginate(client, "/pets", { params: { query: { status: ["available"] } } })) {
 *   console.log(pet.name);
 * }
 */
export async function* paginate<P extends PagedPath>(
  client: PetstoreClient,
  path: P,
  ...init: InitParam<MaybeOptionalInit<paths[P], "get">>
): AsyncGenerator<PageItem<P>, void, undefined> {
  let options = (init[0] ?? {}) as { params?: { query?: Record<string, unknown> } };
  for (;;) {
    const call = (client.GET as (path: string, init: unknown) => Promise<FetchResponse<never, never, never>>)(
      path,
      options,
    );
    const { response } = await call;
    const items = (await unwrap(call, { method: "GET" })) as PageItem<P>[];
    yield* items;
    const next = nextPage(response.headers.get("Link"));
    if (!next || items.length === 0) {
      return;
    }
    // A next page at or before this one would yield the same records for ever.
    const offset = Number(options.params?.query?.offset ?? 0);
    if (!(next.offset > offset)) {
      throw new PetstoreError({
        code: "UNEXPECTED_RESPONSE",
        message: `the Link header's next page (offset ${next.offset}) does not come after this one (offset ${offset})`,
        status: response.status,
        method: "GET",
        url: sentRequests.get(response)?.url ?? response.url,
      });
    }
    options = { ...options, params: { ...options.params, query: { ...options.params?.query, ...next } } };
  }
}
