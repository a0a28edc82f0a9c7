// A target is where requests go: a backend behind a base URL. Every response is checked against
// the document on the wire.

import { demoApiKey, route } from "@petstore/contract";
import { checkExchange, formatViolation } from "@petstore/contract/checker";
import { fetchWithin, type Outgoing } from "./deadline.js";
import { parsed } from "./json-body.js";

export interface ApiRequest {
  method: string;
  /** Path and query below the base URL, already percent-encoded: `/pets?limit=2`. */
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The bearer key; `null` sends no Authorization header. Default: the sender's key. */
  key?: string | null;
  /** The whole Authorization header, made from the sender's key (a wrong scheme, an empty bearer). */
  authorization?: (key: string) => string;
  /** Gives up on the request when it aborts (the caller no longer needs the answer). */
  stop?: AbortSignal;
}

/** One way a response breaks the document, as the contract's checker reports it. */
/**
 * One way a response breaks the document, as the checker reports it: `where` is what broke (`status`,
 * `header Location`, `body/0/id`…), `schemaPath` the document's pointer to the rule.
 */
export interface WireViolation {
  operationId: string;
  method: string;
  path: string;
  status: number;
  where: string;
  message: string;
  schemaPath?: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or `undefined`. */
  json: unknown;
  /** What the response breaks in the document, checked on the wire, one line each. */
  violations: string[];
  /** The same, as the checker found them (`where` tells which rule broke). */
  wireViolations: WireViolation[];
}

export interface Target {
  baseUrl: string;
  send(request: ApiRequest): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface SenderOptions {
  /** The bearer key sent unless a request says otherwise. Default: the document's demo key. */
  apiKey?: string;
  /** Check `Location` and `Link` against the exact base URL (off behind a proxy that names its upstream). */
  exactBaseUrl?: boolean;
  /** Turns the checker's violations into lines (default: `formatViolation`). */
  describe?: (operationId: string | undefined, status: number, violations: WireViolation[]) => string[];
  /** Gives up on a request after this long, headers and body (rejects with a `TimeoutError` naming the URL). */
  timeoutMs?: number;
  /** Waits for a turn before each request (pacing, e.g. `pacer(rate)`). */
  wait?: () => Promise<void>;
  /** Sees every exchange as it went on the wire. */
  onExchange?: (request: Request, requestBody: string | undefined, response: ApiResponse) => void;
}

function outgoing(baseUrl: string, request: ApiRequest, apiKey: string): Outgoing {
  const headers = new Headers(request.headers);
  if (request.authorization) {
    headers.set("Authorization", request.authorization(apiKey));
  } else if (request.key !== null && !headers.has("authorization")) {
    headers.set("Authorization", `Bearer ${request.key ?? apiKey}`);
  }
  return {
    url: `${baseUrl}${request.url}`,
    init: {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: request.body as BodyInit } : {}),
    },
  };
}

/** Sends through a fetch function and checks each response on the wire. */
export function sender(baseUrl: string, fetchImpl: typeof fetch, options: SenderOptions = {}) {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, "");
  return async (request: ApiRequest): Promise<ApiResponse> => {
    await options.wait?.();
    const {
      request: built,
      response,
      text,
    } = await fetchWithin(fetchImpl, outgoing(baseUrl, request, options.apiKey ?? demoApiKey), {
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(request.stop ? { stop: request.stop } : {}),
    });
    const url = new URL(built.url);
    const json = parsed(text, `${built.method} ${built.url}`);
    const path = url.pathname.slice(basePath.length) || "/";
    const wireViolations = checkExchange({
      method: built.method,
      path,
      query: url.searchParams,
      ...((options.exactBaseUrl ?? true) ? { baseUrl } : {}),
      status: response.status,
      header: (name) => response.headers.get(name),
      body: undefined,
      raw: { text, contentType: response.headers.get("content-type") },
    });
    const violations = options.describe
      ? options.describe(route(built.method, path)?.operation.operationId, response.status, wireViolations)
      : wireViolations.map(formatViolation);
    const answer = { status: response.status, headers: response.headers, text, json, violations, wireViolations };
    options.onExchange?.(built, typeof request.body === "string" ? request.body : undefined, answer);
    return answer;
  };
}
