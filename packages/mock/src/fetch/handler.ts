import type { PetstoreApp } from "../core/app.js";
import { fetchRequestReader } from "./request.js";
import { toFetchResponse } from "./response.js";

/** Answers a Fetch API request with a Fetch API response. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The app as a `fetch(request) → response` handler, for any runtime that serves the Fetch API (msw's
 * resolvers, the in-memory fetch, `Deno.serve`, `Bun.serve`, a Worker's `fetch` event). It answers
 * requests under `baseUrl` (absolute, see `resolveBaseUrl`); a JSON body goes to `JsonResponse`.
 * @example
 * const handle = createFetchHandler(createPetstoreApp(), "http://127.0.0.1:4010");
 * const response = await handle(new Request("http://127.0.0.1:4010/pets"));
 */
export function createFetchHandler(
  app: PetstoreApp,
  baseUrl: string,
  JsonResponse?: new (json: string, init: ResponseInit) => Response,
): FetchHandler {
  const readRequest = fetchRequestReader(baseUrl);
  return async (request) => toFetchResponse(await app.handle(await readRequest(request)), request.method, JsonResponse);
}
