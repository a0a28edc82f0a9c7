// The standalone server's decisions, once, on plain data (DESIGN.md 1.3, "One behaviour"): the Host
// allow-list, the reference, preflights, control or API, authentication before the body, body limits,
// the delay, the one fallback for the unexpected, CORS and the log. node:http and the Fetch handler
// (Deno, Bun, the Worker) are thin wires over it, which read and write what it decides.
import { DEMO_API_KEY, type PetstoreApp } from "../core/app.js";
import type { ControlHandler } from "../core/control/handler.js";
import { isControlPath } from "../core/control/path.js";
import { contract } from "../core/generated/contract.js";
import { contract as controlContract } from "../core/generated/control/contract.js";
import { payloadTooLarge } from "../core/http/body.js";
import { MockApiError, unexpected } from "../core/http/errors.js";
import type { MockRequest, MockResponse } from "../core/http/types.js";
import { sleep } from "../core/sleep.js";
import { ABSOLUTE_FORM, corsPolicy, hostAllowList, hostRefusal } from "./access-policy.js";
import { type ReferenceFiles, referenceRoute } from "./reference-route.js";
import { logLine, type PetstoreServerSettings } from "./settings.js";

/** What a server knows of a request once its headers have arrived. */
export interface WireRequest {
  /** Upper case. */
  readonly method: string;
  /** As sent: origin-form (`/pets?limit=1`) or absolute-form (`http://127.0.0.1:4010/pets`). */
  readonly target: string;
  /** The `Host` header; undefined when the request has none. */
  readonly host: string | undefined;
  header(name: string): string | null;
  readonly hasBody: boolean;
  /** Reads the body, stopping past `limit` (`tooLarge`) without keeping what follows. */
  readBody(limit: number): Promise<{ body: Uint8Array | null; tooLarge: boolean }>;
  /** Lets a body the answer does not need go by unread. */
  skipBody(): Promise<void> | void;
  /** The absolute base URL of this request's links (`Location`, `Link`). */
  baseUrl(): string;
  /** Fires when the client goes away; only a request that can ask for a delay needs one. */
  readonly signal?: AbortSignal;
}

/** What the server sends: the status, the headers as a flat `[name, value, …]` list, and a JSON body or a file. */
export interface WireAnswer {
  status: number;
  headers: string[];
  /** A JSON body, not yet serialised. */
  body?: unknown;
  /** A file of the reference, sent as it is. */
  file?: Uint8Array | string;
  /** Close the connection soon after the answer: the rest of an oversized body is not worth reading. */
  close: boolean;
}

export interface PipelineOptions extends PetstoreServerSettings {
  app: PetstoreApp;
  /** The host the server is bound to, answered like the allowed hosts. */
  boundHost?: string;
  /** Serves the control API (default true). */
  control?: boolean;
  /** The built reference to serve at `/docs/`, when the runtime can read it. */
  reference?: ReferenceFiles;
}

/** A path with a dot segment (`/pets/../categories`, `%2e` too) is resolved as a Fetch API URL resolves it. */
const DOT_SEGMENT = /\/(?:\.|%2e)/i;
const SESSION_HEADER = contract.sessionHeader.name.toLowerCase();

/** The answer of every server of the mock to a request, decided once. */
export function createPipeline(options: PipelineOptions): (request: WireRequest) => Promise<WireAnswer> {
  const { app } = options;
  const apiKeys = options.apiKeys ?? [DEMO_API_KEY];
  const hostAllowed = hostAllowList(options.allowedHosts ?? [], options.boundHost);
  const cors = corsPolicy(options.corsOrigins ?? []);
  // The control handler (its validators and snapshot checks) is imported when a server is made, not with the
  // module: `@petstore/mock/node` is imported by every test file, and most start no server. A server starts
  // loading it at once, so that its first control request (and its memory) finds it loaded, as before.
  let controlHandler: Promise<ControlHandler> | undefined;
  const loadControl = () =>
    (controlHandler ??= import("../core/control/handler.js").then(({ createControlHandler }) =>
      createControlHandler({ sessions: app.sessions, apiKeys }),
    ));
  if (options.control !== false) {
    // A failure to load surfaces on the control request that awaits it.
    loadControl().catch(() => undefined);
  }
  const reference = options.reference
    ? referenceRoute(options.reference, apiKeys.includes(DEMO_API_KEY) ? DEMO_API_KEY : null)
    : null;
  // biome-ignore lint/suspicious/noConsole: the log option's default is stdout, as the CLI's --log.
  const print = options.log === true ? (line: string) => console.log(line) : options.log || undefined;
  const reportUnexpected =
    options.onUnexpectedError ??
    // biome-ignore lint/suspicious/noConsole: a server's stderr is where its operator looks; onUnexpectedError replaces it.
    ((error: unknown) => console.error("petstore-mock: unexpected error:", error));

  return async (request) => {
    const started = performance.now();
    const { method, target } = request;
    const origin = request.header("origin") ?? undefined;
    // An absolute-form target routes like its path, and its authority replaces Host (RFC 9112 §3.2.2).
    const absolute = target.startsWith("/") ? null : ABSOLUTE_FORM.exec(target);
    const pathAndQuery = absolute ? absolute[2] || "/" : target;
    const answer = (result: MockResponse, close = false, answersOptions = true): WireAnswer => {
      if (options.onResponse || print) {
        const session = request.header(SESSION_HEADER);
        const exchange = {
          method,
          url: target,
          status: result.status,
          ...(result.operationId === undefined ? {} : { operationId: result.operationId }),
          ...(session === null ? {} : { session }),
          ms: performance.now() - started,
        };
        options.onResponse?.(exchange);
        print?.(logLine(exchange));
      }
      const headers = cors.responseHeaders(origin);
      for (const name in result.headers) {
        // Every server answers OPTIONS (CORS preflight) on every path of the API.
        headers.push(
          name,
          name === "Allow" && answersOptions ? `${result.headers[name]}, OPTIONS` : result.headers[name]!,
        );
      }
      return { status: result.status, headers, body: result.body, close };
    };
    const refusal = hostRefusal(absolute ? absolute[1] : request.host, absolute !== null, hostAllowed);
    if (refusal) {
      return answer(new MockApiError(400, "INVALID_PARAMETER", refusal).toResponse());
    }
    const queryStart = pathAndQuery.indexOf("?");
    let path = queryStart === -1 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
    if (DOT_SEGMENT.test(path)) {
      path = new URL(path, "http://mock.invalid").pathname;
    }
    if (reference?.owns(path)) {
      const served = await reference.serve(method, path, request.baseUrl());
      const result = served.error ? served.error.toResponse() : { status: served.status, headers: served.headers };
      const sent = answer(result, false, false);
      return served.file === undefined ? sent : { ...sent, file: served.file };
    }
    if (method === "OPTIONS") {
      const headers = cors.preflightHeaders(origin, request.header("access-control-request-headers") ?? undefined);
      return { status: 204, headers: Object.entries(headers).flat(), close: false };
    }
    // The control API (openapi/control.yaml) has the reserved prefix, and bodies as large as a whole store.
    const control = options.control !== false && isControlPath(path) ? await loadControl() : null;
    const bodyLimit = control ? controlContract.limits.requestBodyBytes : contract.limits.requestBodyBytes;
    const header = (name: string) => request.header(name);
    // Authentication first: a body is read only once its key is accepted on a known route.
    const leftUnread = request.hasBody && !(control ?? app).bodyMatters({ method, path, header });
    let result: MockResponse;
    let tooLarge = false;
    try {
      if (leftUnread) {
        await request.skipBody();
      }
      // Without a body there is nothing to read (and no promise to wait for): the hot path of GET.
      const { body, tooLarge: overflow } =
        leftUnread || !request.hasBody ? NO_BODY : await readWhole(request, bodyLimit);
      tooLarge = overflow;
      const mockRequest: MockRequest = {
        method,
        path,
        query: new URLSearchParams(queryStart === -1 ? "" : pathAndQuery.slice(queryStart + 1)),
        header,
        body,
        bodyTooLarge: overflow,
        baseUrl: request.baseUrl(),
        signal: request.signal,
      };
      if (control) {
        await app.ready;
      }
      result = await (control ? control(mockRequest) : app.handle(mockRequest));
    } catch (error) {
      result = (tooLarge ? payloadTooLarge(bodyLimit) : unexpected(error)).toResponse();
    }
    if (result.cause !== undefined) {
      reportUnexpected(result.cause);
    }
    if (options.delayMs) {
      await sleep(options.delayMs, request.signal);
    }
    return answer(result, tooLarge);
  };
}

const NO_BODY = { body: null, tooLarge: false } as const;

/** The body, or a 400 when the client stopped sending it halfway (nobody may be left to read that answer). */
async function readWhole(request: WireRequest, limit: number) {
  try {
    return await request.readBody(limit);
  } catch {
    throw new MockApiError(400, "INVALID_PARAMETER", "the request body ended before it was whole");
  }
}
