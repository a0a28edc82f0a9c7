import type { MockResponse } from "./types.js";

/**
 * Adds the headers whose value the document fixes (`Deprecation`, `Sunset`) to every response of
 * the operation, errors included, so a client hears of a sunset whatever it gets back.
 */
export function withConstantHeaders(response: MockResponse, documented: Record<string, string | null>): MockResponse {
  for (const [name, value] of Object.entries(documented)) {
    if (value !== null) {
      response.headers[name] = value;
    }
  }
  return response;
}
