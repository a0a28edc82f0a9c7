// The standalone server's decisions, once, on plain data (DESIGN.md 1.3, "One behaviour"): the Host
// allow-list, preflights, the demo-key policy, the reference, control or API, authentication before the body,
// body limits, the delay, the one fallback for the unexpected, CORS and the exchange record (onResponse, the log). node:http and the Fetch handler
// (Deno, Bun, the Worker) are thin wires over it, which read and write what it decides.
import { DEMO_API_KEY, type PetstoreApp } from "../core/app.js";
import { MockApiError } from "../core/http/errors.js";
import type { MockResponse } from "../core/http/types.js";
import type { ExchangeLog } from "../core/inspect/exchanges.js";
import { sleep } from "../core/sleep.js";
import { type CorsPolicy, corsPolicy, hostAllowList, hostRefusal } from "./access-policy.js";
import { type ApiAnswer, answerApi, answerControl } from "./api-answer.js";
import { type ControlRoute, controlRoute } from "./control-route.js";
import { type DemoKeyPolicy, demoKeyRefusal } from "./demo-key.js";
import { serverExchangeLog, wireExchangeRequest } from "./exchange-report.js";
import { type Eventually, whenThere } from "./later.js";
import { type ReferenceFiles, type ReferenceRoute, referenceRoute } from "./reference-route.js";
import { parseTarget, type RequestTarget } from "./request-target.js";
import type { PetstoreServerSettings } from "./settings.js";
import type { WireAnswer, WireRequest } from "./wire-types.js";

export interface PipelineOptions extends PetstoreServerSettings {
  app: PetstoreApp;
  /** The host the server is bound to, answered like the allowed hosts. */
  boundHost?: string;
  /** Serves the control API (default true). */
  control?: boolean;
  /** The built reference to serve at `/docs/`, when the runtime can read it. */
  reference?: ReferenceFiles;
  /** Refuses the public demo key where others can reach the server (`demoKeyPolicy`); undefined: it opens it. */
  demoKey?: DemoKeyPolicy;
}

/** What every request of one server shares: its settings, read once. */
interface ServerParts {
  readonly app: PetstoreApp;
  readonly hostAllowed: (name: string) => boolean;
  /** The last `Host` (or target authority) answered and its refusal: a server's clients send one or two. */
  lastHost: { authority: string | undefined; absolute: boolean; refusal: string | null } | undefined;
  readonly cors: CorsPolicy;
  readonly control: ControlRoute;
  readonly reference: ReferenceRoute | null;
  readonly demoKey: DemoKeyPolicy | undefined;
  readonly exchanges: ExchangeLog | undefined;
  readonly delayMs: number;
  readonly reportUnexpected: (error: unknown) => void;
}

/** The answer of every server of the mock to a request, decided once. */
export function createPipeline(options: PipelineOptions): (request: WireRequest) => Eventually<WireAnswer> {
  const { app } = options;
  const apiKeys = options.apiKeys ?? [DEMO_API_KEY];
  // The reference's try-it fills in the demo key only where the demo key opens the server.
  const pageKey = apiKeys.includes(DEMO_API_KEY) && !options.demoKey ? DEMO_API_KEY : null;
  const parts: ServerParts = {
    app,
    hostAllowed: hostAllowList(options.allowedHosts ?? [], options.boundHost),
    lastHost: undefined,
    cors: corsPolicy(options.corsOrigins ?? []),
    control: controlRoute(app, apiKeys, options.control !== false),
    reference: options.reference ? referenceRoute(options.reference, pageKey) : null,
    demoKey: options.demoKey,
    exchanges: serverExchangeLog(options),
    delayMs: options.delayMs ?? 0,
    reportUnexpected:
      options.onUnexpectedError ??
      // biome-ignore lint/suspicious/noConsole: a server's stderr is where its operator looks; onUnexpectedError replaces it.
      ((error: unknown) => console.error("petstore-mock: unexpected error:", error)),
  };
  return (request) => answerRequest(parts, request);
}

/**
 * The decisions, in order: the Host, the demo key, the reference, a preflight, then the control API or the API;
 * at once, without a promise, when nothing on the way waits (an API read answered by a store that runs it at once),
 * or within the event that ends the body of a write that then waits for nothing (node:http).
 */
function answerRequest(parts: ServerParts, request: WireRequest): Eventually<WireAnswer> {
  const started = performance.now();
  const target = parseTarget(request.target);
  const origin = request.header("origin") ?? undefined;
  const reply = (result: MockResponse, body: Uint8Array | null = null, close = false, answersOptions = true) => {
    if (parts.exchanges?.observed) {
      const header = (name: string) => request.header(name);
      const baseUrl = () => request.baseUrl();
      const read = wireExchangeRequest(request.method, target.path, target.rawQuery, baseUrl, header, body);
      parts.exchanges.record(read, result, started, request.target);
    }
    return wireAnswer(result, parts.cors.responseHeaders(origin), close, answersOptions);
  };
  const refusal = checkHost(parts, target.authority ?? request.host, target.absolute);
  if (refusal) {
    return reply(new MockApiError(400, "INVALID_PARAMETER", refusal).toResponse());
  }
  // A preflight carries no key; any other request that presents the demo key where it is refused gets its 401.
  const demoKeyRefused =
    request.method === "OPTIONS" ? undefined : demoKeyRefusal(request.header("authorization"), parts.demoKey);
  if (demoKeyRefused) {
    // As any 401: answered before the body, which goes by unread.
    const answer = () => reply(demoKeyRefused.toResponse());
    return request.hasBody ? Promise.resolve(request.skipBody()).then(answer) : answer();
  }
  if (parts.reference?.owns(target.path)) {
    return serveReference(parts.reference, request, target, reply);
  }
  if (request.method === "OPTIONS") {
    const asked = request.header("access-control-request-headers") ?? undefined;
    return { status: 204, headers: Object.entries(parts.cors.preflightHeaders(origin, asked)).flat(), close: false };
  }
  // The control API (openapi/control.yaml) has the reserved prefix, and bodies as large as a whole store.
  const control = parts.control(target.path);
  const answered: Eventually<ApiAnswer> = control
    ? control.then((handler) => answerControl(parts.app, handler, request, target))
    : answerApi(parts.app, request, target);
  const finish = ({ result, tooLarge, body }: ApiAnswer) => {
    if (result.cause !== undefined) {
      parts.reportUnexpected(result.cause);
    }
    if (parts.delayMs) {
      return sleep(parts.delayMs, request.signal).then(() => reply(result, body, tooLarge));
    }
    return reply(result, body, tooLarge);
  };
  return whenThere(answered, finish);
}

/** A file of the reference (`/docs/`), or its error. */
async function serveReference(
  reference: ReferenceRoute,
  request: WireRequest,
  target: RequestTarget,
  reply: (result: MockResponse, body: Uint8Array | null, close: boolean, answersOptions: boolean) => WireAnswer,
): Promise<WireAnswer> {
  const served = await reference.serve(request.method, target.path, request.baseUrl());
  const result = served.error ? served.error.toResponse() : { status: served.status, headers: served.headers };
  const sent = reply(result, null, false, false);
  return served.file === undefined ? sent : { ...sent, file: served.file };
}

/** `hostRefusal`, remembered for the last host asked about (the allow-list does not change while a server runs). */
function checkHost(parts: ServerParts, authority: string | undefined, absolute: boolean): string | null {
  const last = parts.lastHost;
  if (last !== undefined && last.authority === authority && last.absolute === absolute) {
    return last.refusal;
  }
  const refusal = hostRefusal(authority, absolute, parts.hostAllowed);
  parts.lastHost = { authority, absolute, refusal };
  return refusal;
}

/** The answer on the wire: the response's headers after CORS's, and `OPTIONS` in every `Allow` of the API. */
function wireAnswer(result: MockResponse, headers: string[], close: boolean, answersOptions: boolean): WireAnswer {
  for (const name in result.headers) {
    // Every server answers OPTIONS (CORS preflight) on every path of the API.
    headers.push(name, name === "Allow" && answersOptions ? `${result.headers[name]}, OPTIONS` : result.headers[name]!);
  }
  return { status: result.status, headers, body: result.body, close };
}
