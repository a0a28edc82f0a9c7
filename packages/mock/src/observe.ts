import type { MockRequest, MockResponse } from "./http/types.js";

export interface ObservedExchange {
  request: Pick<MockRequest, "method" | "path" | "query" | "baseUrl">;
  response: MockResponse;
}

export type ResponseObserver = (exchange: ObservedExchange) => void;

// On globalThis, so every copy of the module (source in tests, dist in examples) shares one list.
const REGISTRY = Symbol.for("@petstore/mock/response-observers");
type GlobalWithObservers = typeof globalThis & { [REGISTRY]?: Set<ResponseObserver> };

/** The observers to notify; empty unless a test set-up registered one. */
export function responseObservers(): ReadonlySet<ResponseObserver> | undefined {
  return (globalThis as GlobalWithObservers)[REGISTRY];
}

/**
 * Calls `observer` with every response any mock in this process produces, through any adapter;
 * used by the self-check that validates responses against the document. Returns an unsubscribe.
 * @example
 * const stop = observeResponses(({ request, response }) => check(request, response));
 */
export function observeResponses(observer: ResponseObserver): () => void {
  const global = globalThis as GlobalWithObservers;
  global[REGISTRY] ??= new Set();
  global[REGISTRY].add(observer);
  return () => global[REGISTRY]?.delete(observer);
}
