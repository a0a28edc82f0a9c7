// A target is where the suite sends its requests: one mock behind a base URL. Every response is
// checked against the document on the wire.

import { demoApiKey, route } from "@petstore/contract";
import { checkExchange, formatViolation } from "@petstore/contract/checker";
import { recordViolations } from "@petstore/contract/self-check";
import type { PetstoreStore } from "@petstore/mock";
import { countRequests } from "../stats.js";

export interface ApiRequest {
  method: string;
  /** Path and query below the base URL, already percent-encoded: `/pets?limit=2`. */
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The bearer key; `null` sends no Authorization header. Default: the demo key. */
  key?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or `undefined`. */
  json: unknown;
  /** What the response breaks in the document, checked on the wire. */
  violations: string[];
}

export interface Target {
  baseUrl: string;
  /** The store behind the mock, when it runs in this process. */
  store?: PetstoreStore;
  send(request: ApiRequest): Promise<ApiResponse>;
  close(): Promise<void>;
}

function buildRequest(baseUrl: string, request: ApiRequest): Request {
  const headers = new Headers(request.headers);
  if (request.key !== null && !headers.has("authorization")) {
    headers.set("Authorization", `Bearer ${request.key ?? demoApiKey}`);
  }
  return new Request(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body as BodyInit } : {}),
  });
}

/**
 * Sends through a fetch function and checks the response on the wire. In-process mocks are also
 * checked by the observer; `record` adds the wire check to the test's violations (for mocks in
 * other processes, which the observer cannot see).
 */
export function sender(baseUrl: string, fetchImpl: typeof fetch, record: boolean, exactBaseUrl = true) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    countRequests();
    const built = buildRequest(baseUrl, request);
    const url = new URL(built.url);
    const response = await fetchImpl(built);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const base = new URL(baseUrl);
    const violations = checkExchange({
      method: built.method,
      path: url.pathname.slice(base.pathname.replace(/\/$/, "").length) || "/",
      query: url.searchParams,
      ...(exactBaseUrl ? { baseUrl } : {}),
      status: response.status,
      header: (name) => response.headers.get(name),
      body: undefined,
      raw: { text, contentType: response.headers.get("content-type") },
    });
    const lines = record
      ? recordViolations(route(built.method, url.pathname)?.operation.operationId, response.status, violations)
      : violations.map(formatViolation);
    return { status: response.status, headers: response.headers, text, json, violations: lines };
  };
}
