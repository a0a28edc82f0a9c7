// The in-process twin of ./proxy.ts: a `fetch` that answers through a `Breakage` from a backend reached
// by a fetch handler (the mock's, in this process), with no socket on either side, so a verify run of
// thousands of requests takes seconds.
import { type Breakage, bytesOf, carriesBody, type ProxiedRequest, upstreamOver, withoutHopByHop } from "./upstream.js";

/** A `fetch` that answers only under `baseUrl`, as a backend there would. */
export type BrokenFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for requests to `baseUrl` (an origin), answered through `breakage` from `handle`, the backend
 * that answers under `upstreamUrl`; the backend's `Location` and `Link` come back naming `baseUrl`.
 * @example
 * const brokenFetch = fetchThroughBreakage(acceptAnyKey(DEMO_API_KEY)(), createPetstoreFetchHandler(), {
 *   baseUrl: "http://broken.test", upstreamUrl: "http://127.0.0.1:4010" });
 */
export function fetchThroughBreakage(
  breakage: Breakage,
  handle: (request: Request) => Promise<Response>,
  { baseUrl, upstreamUrl }: { baseUrl: string; upstreamUrl: string },
): BrokenFetch {
  const ownOrigin = new URL(baseUrl).origin;
  const upstream = upstreamOver(handle, new URL(upstreamUrl).origin, () => ownOrigin);
  return async (input, init) => {
    const incoming = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(incoming.url);
    if (url.origin !== ownOrigin) {
      throw new TypeError(`fetch failed: the broken backend answers only under ${ownOrigin}, not ${incoming.url}`);
    }
    const request: ProxiedRequest = {
      method: incoming.method,
      target: url.pathname + url.search,
      headers: withoutHopByHop(incoming.headers),
      body: await bytesOf(incoming.body),
    };
    let answer: Awaited<ReturnType<Breakage>>;
    try {
      answer = await breakage(request, upstream);
    } catch (error) {
      // As the HTTP proxy answers its own failure.
      return new Response(`broken-backend proxy failed: ${(error as Error).message}`, {
        status: 502,
        headers: { "content-type": "text/plain" },
      });
    }
    const withBody = carriesBody(request.method, answer.status);
    // The Response takes a copy of the answer's headers: the breakage's own (a cache's) stay as they were.
    const response = new Response(withBody ? answer.body : null, { status: answer.status, headers: answer.headers });
    if (withBody) {
      response.headers.set("content-length", String(answer.body.byteLength));
    }
    return response;
  };
}
