import type { IncomingMessage, ServerResponse } from "node:http";
import { DEMO_API_KEY, type PetstoreApp } from "../core/app.js";
import { createControlHandler, isControlPath } from "../core/control/handler.js";
import { contract } from "../core/generated/contract.js";
import { contract as controlContract } from "../core/generated/control/contract.js";
import { payloadTooLarge } from "../core/http/body.js";
import { ApiError } from "../core/http/errors.js";
import type { MockRequest, MockResponse } from "../core/http/types.js";
import { ABSOLUTE_FORM, corsPolicy, hostAllowList, hostRefusal } from "../serve/access-policy.js";
import type { RequestListenerOptions } from "./options.js";
import { referenceRoute } from "./reference-route.js";
import { closeSignal, connectionUrl, discardBody, hasBody, NO_BODY, readBody, send } from "./wire.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The node:http request listener of the mock: no Fetch objects on the hot path. */
export function createRequestListener(app: PetstoreApp, options: RequestListenerOptions = {}) {
  const { baseUrl } = options;
  return requestListener(app, options, baseUrl === undefined ? connectionUrl : () => baseUrl);
}

/** The request listener, with the base URL of each request's links decided by `baseUrlOf`. */
export function requestListener(
  app: PetstoreApp,
  options: RequestListenerOptions,
  baseUrlOf: (request: IncomingMessage) => string,
) {
  const hostAllowed = hostAllowList(options.allowedHosts ?? [], options.boundHost);
  const cors = corsPolicy(options.corsOrigins ?? []);
  const acceptsDemoKey = (options.apiKeys ?? [DEMO_API_KEY]).includes(DEMO_API_KEY);
  const controlHandler = createControlHandler({ sessions: app.sessions, apiKeys: options.apiKeys ?? [DEMO_API_KEY] });
  const control = async (request: MockRequest) => {
    await app.ready;
    return controlHandler(request);
  };
  const reference = options.referenceDir
    ? referenceRoute(options.referenceDir, acceptsDemoKey ? DEMO_API_KEY : null)
    : null;
  return async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const method = (request.method ?? "GET").toUpperCase();
    const rawUrl = request.url ?? "/";
    // An absolute-form target routes like its path, and its authority replaces Host (RFC 9112 §3.2.2).
    const absolute = rawUrl.startsWith("/") ? null : ABSOLUTE_FORM.exec(rawUrl);
    const target = absolute ? absolute[2] || "/" : rawUrl;
    const origin = request.headers.origin;
    const refusal = hostRefusal(absolute ? absolute[1] : request.headers.host, absolute !== null, hostAllowed);
    if (refusal) {
      const result = new ApiError(400, "INVALID_PARAMETER", refusal).toResponse();
      send(response, result, cors.responseHeaders(origin), false);
      options.onResponse?.({ method, url: rawUrl, status: result.status, ms: performance.now() - started });
      return;
    }
    const queryStart = target.indexOf("?");
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    if (reference?.owns(path)) {
      const status = await reference.serve(method, path, response, baseUrlOf(request));
      options.onResponse?.({ method, url: rawUrl, status, ms: performance.now() - started });
      return;
    }
    if (method === "OPTIONS") {
      response.writeHead(204, cors.preflightHeaders(origin, request.headers["access-control-request-headers"]));
      response.end();
      return;
    }
    let result: MockResponse;
    let tooLarge = false;
    // The control API (openapi/control.yaml) has the reserved prefix, and bodies as large as a whole store.
    const isControl = isControlPath(path);
    const bodyLimit = isControl ? controlContract.limits.requestBodyBytes : contract.limits.requestBodyBytes;
    const header = (name: string) => {
      const value = request.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    };
    // Authentication first: a body is read only once its key is accepted on a known route; one left
    // unread goes by without being kept.
    const leftUnread = hasBody(request) && !(isControl ? controlHandler : app).bodyMatters({ method, path, header });
    try {
      if (leftUnread) {
        await discardBody(request);
      }
      const { body, tooLarge: overflow } = leftUnread ? NO_BODY : await readBody(request, bodyLimit);
      tooLarge = overflow;
      const mockRequest: MockRequest = {
        method,
        path,
        query: new URLSearchParams(queryStart === -1 ? "" : target.slice(queryStart + 1)),
        header,
        body,
        bodyTooLarge: overflow,
        baseUrl: baseUrlOf(request),
        // Only a request with a `Prefer` header can ask for a delay, so only it pays for a signal (an accessor
        // here instead would make every request object slower to read: about a quarter of GET /pets' throughput).
        signal: request.headers.prefer === undefined ? undefined : closeSignal(response),
      };
      result = isControl ? await control(mockRequest) : await app.handle(mockRequest);
    } catch (error) {
      const failure = tooLarge
        ? payloadTooLarge(bodyLimit)
        : new ApiError(500, "INTERNAL_ERROR", `the mock failed unexpectedly: ${(error as Error).message}`);
      result = failure.toResponse();
    }
    if (options.delayMs) {
      await sleep(options.delayMs);
    }
    if (response.destroyed) {
      return;
    }
    // After an oversized body, the connection closes once the 413 is out. node:http discards the
    // rest without buffering it (bounded by the request time-out); destroying the socket here
    // instead could reset it before the client has read the 413.
    send(response, result, cors.responseHeaders(origin), tooLarge);
    options.onResponse?.({
      method,
      url: rawUrl,
      status: result.status,
      operationId: result.operationId,
      ...sessionOf(request),
      ms: performance.now() - started,
    });
  };
}

/** The request's session header, for `onResponse` (the log names the session a request was answered in). */
function sessionOf(request: IncomingMessage): { session?: string } {
  const session = request.headers[contract.sessionHeader.name.toLowerCase()];
  return typeof session === "string" ? { session } : {};
}
