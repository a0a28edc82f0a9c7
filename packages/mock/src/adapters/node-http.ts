import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createPetstoreApp, type PetstoreApp, type PetstoreMockOptions } from "../app.js";
import { contract } from "../generated/contract.js";
import { payloadTooLarge } from "../http/body.js";
import type { MockRequest, MockResponse } from "../http/types.js";

export interface PetstoreServerOptions extends PetstoreMockOptions {
  /** Interface to bind (default `127.0.0.1`: the mock is not exposed to the network unless asked). */
  host?: string;
  /** Port to bind; 0 picks a free one (default 4010). */
  port?: number;
  /** Extra delay before every response, in milliseconds, on top of any `Prefer: delay`. */
  delayMs?: number;
  /** Called after each response, e.g. to log it. */
  onResponse?: (exchange: { method: string; url: string; status: number; operationId?: string; ms: number }) => void;
  /** How long a client may take to send a whole request before the connection is dropped (default 15 s). */
  requestTimeoutMs?: number;
}

export interface RunningPetstoreServer {
  /** `http://HOST:PORT`, the base URL to give clients. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly app: PetstoreApp;
  /** Stops accepting connections, ends idle ones, and resolves when the server is closed. */
  close(): Promise<void>;
}

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "Location, X-Total-Count, Link, Deprecation, Sunset, WWW-Authenticate, Retry-After, Allow",
};
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Prefer",
  "Access-Control-Max-Age": "600",
};

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

const CORS_PAIRS = Object.entries(CORS_HEADERS).flat();

function send(response: ServerResponse, result: MockResponse, closeAfter: boolean): void {
  // A flat [name, value, …] list: the cheapest form node:http takes on this hot path.
  const headers: string[] = CORS_PAIRS.slice();
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

/** The node:http request listener of the mock: no Fetch objects on the hot path. */
export function createRequestListener(
  app: PetstoreApp,
  options: Pick<PetstoreServerOptions, "delayMs" | "onResponse"> = {},
) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const method = (request.method ?? "GET").toUpperCase();
    const rawUrl = request.url ?? "/";
    if (method === "OPTIONS") {
      response.writeHead(204, PREFLIGHT_HEADERS);
      response.end();
      return;
    }
    let result: MockResponse;
    let tooLarge = false;
    try {
      const queryStart = rawUrl.indexOf("?");
      const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
      const { body, tooLarge: overflow } = await readBody(request, contract.limits.requestBodyBytes);
      tooLarge = overflow;
      const host = request.headers.host ?? "127.0.0.1";
      const mockRequest: MockRequest = {
        method,
        path,
        query: new URLSearchParams(queryStart === -1 ? "" : rawUrl.slice(queryStart + 1)),
        header: (name) => {
          const value = request.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        },
        body,
        bodyTooLarge: overflow,
        baseUrl: `http://${host}`,
      };
      result = await app.handle(mockRequest);
    } catch (error) {
      result = {
        status: tooLarge ? 413 : 500,
        headers: {},
        body: tooLarge
          ? payloadTooLarge().toBody()
          : {
              code: "INTERNAL_ERROR",
              message: `the mock failed unexpectedly: ${(error as Error).message}`,
              status: 500,
            },
      };
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
    send(response, result, tooLarge);
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
  const body = JSON.stringify({ code: "INVALID_PARAMETER", message, status: 400 });
  const headers = Object.entries({
    ...CORS_HEADERS,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 400 Bad Request\r\n${headers}\r\n${body}`);
}

/**
 * Starts the mock as a standalone HTTP server on node:http, for any client (curl, Python, a phone
 * app). Binds to 127.0.0.1 by default and answers CORS preflights.
 * @example
 * const mock = await startPetstoreServer({ port: 0 });
 * console.log(mock.url); // http://127.0.0.1:54321
 * await mock.close();
 */
export async function startPetstoreServer(options: PetstoreServerOptions = {}): Promise<RunningPetstoreServer> {
  const app = createPetstoreApp(options);
  await app.ready;
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const server = createServer(
    {
      requestTimeout,
      // node:http checks for expired requests only this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, requestTimeout / 2)),
      keepAliveTimeout: 5_000,
    },
    createRequestListener(app, options),
  );
  server.on("clientError", answerUnparsableRequest);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const displayHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${displayHost}:${port}`,
    port,
    server,
    app,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
