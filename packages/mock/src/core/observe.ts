// Every exchange of every mock of this module instance, through any adapter: what the test self-check reads.
import type { ExchangeObserver, PetstoreExchange } from "./inspect/exchanges.js";

/** @deprecated The exchange record, under the name `observeResponses` used: `PetstoreExchange`. */
export type ObservedExchange = PetstoreExchange;

/** @deprecated `ExchangeObserver`, the one observer of exchanges. */
export type ResponseObserver = ExchangeObserver;

/** Empty unless a test set-up registered an observer. */
const observers = new Set<ExchangeObserver>();

/** The observers of every app, which each app's exchange log also tells. */
export function responseObservers(): ReadonlySet<ExchangeObserver> {
  return observers;
}

/**
 * Calls `observer` with the record of every exchange any mock of this module instance answers, through any
 * adapter: the record `app.observe` gives (`PetstoreExchange`); used by the self-check that validates responses
 * against the document. Returns an unsubscribe.
 * @example
 * const stop = observeResponses(({ request, response }) => check(request, response));
 */
export function observeResponses(observer: ExchangeObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}
