import type { MockRequest, MockResponse } from "./http/types.js";

export interface ObservedExchange {
  request: Pick<MockRequest, "method" | "path" | "query" | "baseUrl">;
  response: MockResponse;
}

export type ResponseObserver = (exchange: ObservedExchange) => void;

/** Empty unless a test set-up registered an observer. */
const observers = new Set<ResponseObserver>();

/** The observers to notify. */
export function responseObservers(): ReadonlySet<ResponseObserver> {
  return observers;
}

/**
 * Calls `observer` with every response any mock of this module instance produces, through any
 * adapter; used by the self-check that validates responses against the document. Returns an unsubscribe.
 * @example
 * const stop = observeResponses(({ request, response }) => check(request, response));
 */
export function observeResponses(observer: ResponseObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}
