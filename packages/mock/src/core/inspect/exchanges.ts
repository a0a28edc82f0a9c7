// One record of an exchange, and one way to observe it: the inspector's log (`app.observe`), the test self-check
// (`observeResponses`), a server's `onResponse` and its `--log` line all read this record, built by `recordExchange`.
import { requestedSession } from "../http/session-header.js";
import type { MockRequest, MockResponse } from "../http/types.js";

/** Request bodies longer than this are shown cut, so a log of large uploads stays small. */
const BODY_SHOWN_BYTES = 16_384;

/** The session that serves requests without the header (`DEFAULT_SESSION` of the sessions, a layer above). */
const DEFAULT_SESSION = "default";

/** One answered request: what came in, what went out, and how long it took. */
export interface PetstoreExchange {
  /** Counts up from 1 per app (per server for the answers a server gives by itself). */
  id: number;
  /** `Date.now()` when the request came in. */
  startedAt: number;
  /** Whole milliseconds from the request to its answer. */
  durationMs: number;
  /** The `X-Petstore-Session` the request named, or `default`. */
  session: string;
  method: string;
  /** The path below the base URL, with its query string. */
  target: string;
  /** The operation that answered; undefined for an unknown route and for the answers a server gives itself. */
  operationId: string | undefined;
  /** The request's body: parsed JSON, else its text (cut at 16 kB), else undefined. */
  requestBody: unknown;
  /** The request as the app read it: what the self-check compares with the document. */
  request: Pick<MockRequest, "method" | "path" | "query" | "baseUrl">;
  response: Omit<MockResponse, "cause">;
  /** @deprecated The request target as sent: `target`, or an absolute-form URL. Kept for `onResponse` readers. */
  url: string;
  /** @deprecated `response.status`. */
  status: number;
  /** The same duration, unrounded: what the `--log` line prints. */
  ms: number;
}

/** Hears every exchange of what it observes (an app, every app, a server). */
export type ExchangeObserver = (exchange: PetstoreExchange) => void;

/** @deprecated The same record, under the name the inspector's log used: `PetstoreExchange`. */
export type InspectedExchange = PetstoreExchange;

function shownBody(body: Uint8Array | null): unknown {
  if (!body || body.byteLength === 0) {
    return undefined;
  }
  const text = new TextDecoder().decode(body.subarray(0, BODY_SHOWN_BYTES));
  if (body.byteLength > BODY_SHOWN_BYTES) {
    return `${text}… (${body.byteLength} bytes in all)`;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What `recordExchange` reads of a request: the app's request, or what a server knows before the app. */
export type ExchangeRequest = Pick<MockRequest, "method" | "path" | "query" | "baseUrl" | "header"> &
  Partial<Pick<MockRequest, "body">>;

/**
 * The record of one exchange: `started` is `performance.now()` when the request came in, `sentTarget` the target
 * as it arrived when it was not origin-form.
 */
export function recordExchange(
  id: number,
  request: ExchangeRequest,
  response: MockResponse,
  started: number,
  sentTarget?: string,
): PetstoreExchange {
  const query = request.query.toString();
  const target = `${request.path}${query ? `?${query}` : ""}`;
  const ms = performance.now() - started;
  const { cause: _cause, ...sent } = response;
  return {
    id,
    startedAt: Math.round(Date.now() - ms),
    durationMs: Math.round(ms),
    session: requestedSession(request.header) ?? DEFAULT_SESSION,
    method: request.method,
    target,
    operationId: response.operationId,
    requestBody: shownBody(request.body ?? null),
    request: { method: request.method, path: request.path, query: request.query, baseUrl: request.baseUrl },
    response: { ...sent, headers: { ...response.headers } },
    url: sentTarget ?? target,
    status: response.status,
    ms,
  };
}

/** Observers of a stream of exchanges: a record is built only while someone observes. */
export interface ExchangeLog {
  observe(observer: ExchangeObserver): () => void;
  /** Whether anyone observes: when not, the caller need not even gather what a record needs. */
  readonly observed: boolean;
  /** `started`: `performance.now()` when the request came in. */
  record(request: ExchangeRequest, response: MockResponse, started: number, sentTarget?: string): void;
}

/**
 * A stream of exchanges; `also` are observers outside it that hear every record too (`observeResponses`'s,
 * which hear every app), so that one record serves them all.
 */
export function createExchangeLog(also?: ReadonlySet<ExchangeObserver>): ExchangeLog {
  const observers = new Set<ExchangeObserver>();
  let count = 0;
  return {
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    get observed() {
      return observers.size > 0 || (also?.size ?? 0) > 0;
    },
    record(request, response, started, sentTarget) {
      if (!this.observed) {
        return;
      }
      const exchange = recordExchange(++count, request, response, started, sentTarget);
      for (const observer of observers) {
        observer(exchange);
      }
      for (const observer of also ?? []) {
        observer(exchange);
      }
    },
  };
}
