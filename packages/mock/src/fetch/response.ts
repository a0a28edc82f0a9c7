import type { MockResponse } from "../core/http/types.js";

/**
 * Serialises the app's response as a Fetch API response (a JSON body goes to `JsonResponse`). To a
 * `HEAD` request it keeps the headers and drops the body, as the Fetch standard requires.
 */
export function toFetchResponse(
  response: MockResponse,
  method: string,
  JsonResponse: new (json: string, init: ResponseInit) => Response = Response,
): Response {
  if (response.body === undefined) {
    return new Response(null, { status: response.status, headers: response.headers });
  }
  const init = { status: response.status, headers: { ...response.headers, "Content-Type": "application/json" } };
  return method === "HEAD" ? new Response(null, init) : new JsonResponse(JSON.stringify(response.body), init);
}
