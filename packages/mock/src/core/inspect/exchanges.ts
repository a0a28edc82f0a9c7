// What the inspector's request log shows of one exchange: built only while someone observes the app.
import type { MockRequest, MockResponse } from "../http/types.js";

/** Request bodies longer than this are shown cut, so a log of large uploads stays small. */
const BODY_SHOWN_BYTES = 16_384;

export interface InspectedExchange {
  /** Counts up from 1 per app. */
  id: number;
  /** `Date.now()` when the request came in. */
  startedAt: number;
  durationMs: number;
  /** The `X-Petstore-Session` the request named, or `default`. */
  session: string;
  method: string;
  /** The path below the base URL, with its query string. */
  target: string;
  /** The operation that answered; undefined for an unknown route. */
  operationId: string | undefined;
  /** The request's body: parsed JSON, else its text (cut at 16 kB), else undefined. */
  requestBody: unknown;
  response: Pick<MockResponse, "status" | "headers" | "body">;
}

export type ExchangeObserver = (exchange: InspectedExchange) => void;

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

export function inspectExchange(
  id: number,
  request: MockRequest,
  response: MockResponse,
  startedAt: number,
  session: string,
): InspectedExchange {
  const query = request.query.toString();
  return {
    id,
    startedAt,
    durationMs: Date.now() - startedAt,
    session,
    method: request.method,
    target: `${request.path}${query ? `?${query}` : ""}`,
    operationId: response.operationId,
    requestBody: shownBody(request.body),
    response: { status: response.status, headers: { ...response.headers }, body: response.body },
  };
}

/** The observers of one app's exchanges: an exchange is built only while someone observes. */
export interface ExchangeLog {
  observe(observer: ExchangeObserver): () => void;
  record(request: MockRequest, response: MockResponse, startedAt: number): void;
}

/** `sessionHeader`: the header that names the session, lower case. */
export function createExchangeLog(sessionHeader: string, defaultSession: string): ExchangeLog {
  const observers = new Set<ExchangeObserver>();
  let count = 0;
  return {
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    record(request, response, startedAt) {
      if (observers.size === 0) {
        return;
      }
      const session = request.header(sessionHeader) ?? defaultSession;
      const exchange = inspectExchange(++count, request, response, startedAt, session);
      for (const observer of observers) {
        observer(exchange);
      }
    },
  };
}
