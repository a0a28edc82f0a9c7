import type { MockResponse } from "./types.js";

/** Each operation's fixed headers as a list, worked out on its first answer: most operations have none. */
const plans = new WeakMap<Record<string, string | null>, readonly (readonly [string, string])[]>();

function fixedHeaders(documented: Record<string, string | null>): readonly (readonly [string, string])[] {
  let plan = plans.get(documented);
  if (plan === undefined) {
    plan = Object.entries(documented).filter((entry): entry is [string, string] => entry[1] !== null);
    plans.set(documented, plan);
  }
  return plan;
}

/**
 * Adds the headers whose value the document fixes (`Deprecation`, `Sunset`) to every response of
 * the operation, errors included, so a client hears of a sunset whatever it gets back.
 */
export function withConstantHeaders(response: MockResponse, documented: Record<string, string | null>): MockResponse {
  for (const [name, value] of fixedHeaders(documented)) {
    response.headers[name] = value;
  }
  return response;
}
