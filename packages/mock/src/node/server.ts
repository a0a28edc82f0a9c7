import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import { type AddressInfo, isIP } from "node:net";
import type { Duplex } from "node:stream";
import { createPetstoreApp, DEMO_API_KEY, type PetstoreApp, type PetstoreMockOptions } from "../core/app.js";
import { contract } from "../core/generated/contract.js";
import { payloadTooLarge } from "../core/http/body.js";
import { ApiError } from "../core/http/errors.js";
import type { MockRequest, MockResponse } from "../core/http/types.js";
import { corsPolicy, hostAllowList, hostName } from "./access-policy.js";
import { referenceRoute } from "./reference-route.js";

/** The port of the document's first server, the local mock. */
export const DEFAULT_PORT = Number(new URL(contract.defaultBaseUrl).port);

export interface PetstoreServerOptions extends PetstoreMockOptions {
  /** Interface to bind (default `127.0.0.1`: the mock is not exposed to the network unless asked). */
  host?: string;
  /** Port to bind; 0 picks a free one (default `DEFAULT_PORT`, 4010: the document's first server). */
  port?: number;
  /** Extra delay before every response, in milliseconds, on top of any `Prefer: delay`. */
  delayMs?: number;
  /** Called after each response, e.g. to log it. */
  onResponse?: (exchange: { method: string; url: string; status: number; operationId?: string; ms: number }) => void;
  /** How long a client may take to send a whole request before the connection is dropped (default 15 s). */
  requestTimeoutMs?: number;
  /** Host names answered besides IP addresses, `localhost` and the bound host (`.example.com` adds its subdomains, `*` any name). */
  allowedHosts?: readonly string[];
  /** Origins whose pages may call the server besides loopback ones, such as `https://app.example.com` (`*` for any). */
  corsOrigins?: readonly string[];
  /**
   * A built API reference (`dist/reference` of this package, which the CLI passes) to serve at
   * `/docs/`, with try-it aimed at this server; the page fills in the demo key only if it is accepted.
   */
  referenceDir?: string;
}

export interface RunningPetstoreServer {
  /** `http://HOST:PORT`, the base URL to give clients. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly app: PetstoreApp;
  /**
   * Stops accepting connections, ends idle ones, lets requests in flight finish (each closes its
   * connection), and resolves when the server is closed. After `graceMs`, ends the rest at once.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** What `createRequestListener` takes besides the app. */
export interface RequestListenerOptions
  extends Pick<
    PetstoreServerOptions,
    "delayMs" | "onResponse" | "allowedHosts" | "corsOrigins" | "referenceDir" | "apiKeys"
  > {
  /** The server's own URL, for `Location` and `Link` (default: the address the client connected to). */
  baseUrl?: string;
  /** The host the server is bound to; answered like the allowed hosts. */
  boundHost?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the body up to the limit. Past it, stops buffering at once and reports the overflow, so a
 * huge body costs no memory.
 */
function readBody(request: IncomingMessage, limit: number): Promise<{ body: Uint8Array | null; tooLarge: boolean }> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) {
    return Promise.resolve({ body: null, tooLarge: true });
  }
  if (declared === 0 && request.headers["transfer-encoding"] === undefined) {
    return Promise.resolve({ body: null, tooLarge: false });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off("data", onData);
        request.off("end", onEnd);
        resolve({ body: null, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve({ body: size ? Buffer.concat(chunks, size) : null, tooLarge: false });
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", reject);
  });
}

function send(response: ServerResponse, result: MockResponse, corsHeaders: string[], closeAfter: boolean): void {
  // A flat [name, value, …] list: the cheapest form node:http takes on this hot path.
  const headers = corsHeaders.slice();
  for (const name in result.headers) {
    // This server also answers OPTIONS (CORS preflight) on every path.
    headers.push(name, name === "Allow" ? `${result.headers[name]}, OPTIONS` : result.headers[name]!);
  }
  let payload: string | undefined;
  if (result.body !== undefined) {
    payload = JSON.stringify(result.body);
    headers.push("Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(payload)));
  }
  if (closeAfter) {
    headers.push("Connection", "close");
  }
  response.writeHead(result.status, headers);
  // To a HEAD request node:http sends the headers (Content-Length included) and drops the payload.
  response.end(payload);
}

/** `http://ADDRESS:PORT` of a host and port, with IPv6 addresses in brackets. */
function httpUrl(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** The URL the client connected to: the server's address on that connection. */
function connectionUrl(request: IncomingMessage): string {
  const address = (request.socket.localAddress ?? "127.0.0.1").replace(/^::ffff:(?=\d+\.)/, "");
  return httpUrl(address, request.socket.localPort ?? 80);
}

/** Splits an absolute-form request target (`http://host:port/path?query`) into its authority and the rest. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/i;

/** Why a request's host is refused, in words that say how to allow it; null when it is allowed. */
function hostRefusal(authority: string | undefined, fromTarget: boolean, allowed: (name: string) => boolean) {
  const where = fromTarget ? "the host of the request target" : "the Host header";
  if (!authority) {
    return fromTarget
      ? "the request target names no host"
      : "the request has no Host header; send the host name and port of the server in it";
  }
  const name = hostName(authority);
  if (name === null) {
    return `${where} (${JSON.stringify(authority.slice(0, 100))}) is not a host name`;
  }
  if (allowed(name)) {
    return null;
  }
  return `${where} names ${JSON.stringify(name)}, which this server does not answer to; to allow it, start petstore-mock with --allowed-host ${name} (the allowedHosts option of startPetstoreServer)`;
}

/** The node:http request listener of the mock: no Fetch objects on the hot path. */
export function createRequestListener(app: PetstoreApp, options: RequestListenerOptions = {}) {
  const { baseUrl } = options;
  return requestListener(app, options, baseUrl === undefined ? connectionUrl : () => baseUrl);
}

/** Fires when the client closes the connection before the response is complete. */
function closeSignal(response: ServerResponse): AbortSignal {
  const closed = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) {
      closed.abort();
    }
  });
  return closed.signal;
}

/** The request listener, with the base URL of each request's links decided by `baseUrlOf`. */
function requestListener(
  app: PetstoreApp,
  options: RequestListenerOptions,
  baseUrlOf: (request: IncomingMessage) => string,
) {
  const hostAllowed = hostAllowList(options.allowedHosts ?? [], options.boundHost);
  const cors = corsPolicy(options.corsOrigins ?? []);
  const acceptsDemoKey = (options.apiKeys ?? [DEMO_API_KEY]).includes(DEMO_API_KEY);
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
    try {
      const { body, tooLarge: overflow } = await readBody(request, contract.limits.requestBodyBytes);
      tooLarge = overflow;
      const mockRequest: MockRequest = {
        method,
        path,
        query: new URLSearchParams(queryStart === -1 ? "" : target.slice(queryStart + 1)),
        header: (name) => {
          const value = request.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        },
        body,
        bodyTooLarge: overflow,
        baseUrl: baseUrlOf(request),
        // Only a request with a `Prefer` header can ask for a delay, so only it pays for a signal (an accessor
        // here instead would make every request object slower to read: about a quarter of GET /pets' throughput).
        signal: request.headers.prefer === undefined ? undefined : closeSignal(response),
      };
      result = await app.handle(mockRequest);
    } catch (error) {
      const failure = tooLarge
        ? payloadTooLarge()
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
      ms: performance.now() - started,
    });
  };
}

/**
 * Answers what node:http cannot parse with a documented Error body instead of its bare default,
 * and drops a request that did not finish arriving in time without a response.
 */
function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" || error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const message =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "the request headers are larger than 16 KiB"
      : `the request is not valid HTTP (${error.code ?? error.message})`;
  const refusal = new ApiError(400, "INVALID_PARAMETER", message);
  const body = JSON.stringify(refusal.toBody());
  const headers = Object.entries({
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${headers}\r\n${body}`);
}

/**
 * Starts the mock as a standalone HTTP server on node:http, for any client (curl, Python, a phone
 * app). Binds to 127.0.0.1 by default, answers only a Host that names it (`allowedHosts` adds
 * names), and lets pages on loopback origins call it (`corsOrigins` adds origins).
 * @example
 * const mock = await startPetstoreServer({ port: 0 });
 * console.log(mock.url); // http://127.0.0.1:54321
 * await mock.close();
 */
export async function startPetstoreServer(options: PetstoreServerOptions = {}): Promise<RunningPetstoreServer> {
  const app = createPetstoreApp(options);
  await app.ready;
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const host = options.host ?? "127.0.0.1";
  // Known once listening; until then (never, in practice) and when bound to every interface, where
  // the server has no one name, links use the address each client connected to.
  let ownUrl: string | undefined;
  const listener = requestListener(app, { ...options, boundHost: host }, (request) => ownUrl ?? connectionUrl(request));
  const inFlight = new Set<ServerResponse>();
  const server = createServer(
    {
      requestTimeout,
      // node:http checks for expired requests only this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, requestTimeout / 2)),
      keepAliveTimeout: 5_000,
      // A request without Host gets the listener's Error body, not node's bare 400.
      requireHostHeader: false,
    },
    (request, response) => {
      inFlight.add(response);
      response.once("close", () => inFlight.delete(response));
      if (!server.listening) {
        response.setHeader("Connection", "close");
      }
      void listener(request, response);
    },
  );
  server.on("clientError", answerUnparsableRequest);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = httpUrl(host, port);
  const boundToEveryInterface = isIP(host) !== 0 && /^[0.:]+$/.test(host);
  ownUrl = boundToEveryInterface ? undefined : url;
  return {
    url,
    port,
    server,
    app,
    close: ({ graceMs }: { graceMs?: number } = {}) =>
      new Promise<void>((resolve, reject) => {
        // Requests in flight close their connection once answered, so nothing keeps the server open.
        for (const response of inFlight) {
          if (!response.headersSent) {
            response.setHeader("Connection", "close");
          }
        }
        const forceClose = graceMs === undefined ? undefined : setTimeout(() => server.closeAllConnections(), graceMs);
        server.close((error) => {
          clearTimeout(forceClose);
          return error ? reject(error) : resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
