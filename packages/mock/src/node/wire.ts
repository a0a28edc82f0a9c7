// What the node:http adapter reads from and writes to the wire: bodies, responses, addresses.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type Duplex, finished } from "node:stream";
import { MockApiError } from "../core/http/errors.js";
import { keptSerialisation } from "../core/kept-answers.js";
import { httpUrl } from "../serve/http-url.js";
import type { BodyRead, WireAnswer } from "../serve/wire-types.js";

/** What a request without a body, or one left unread, hands the app. */
export const NO_BODY = { body: null, tooLarge: false } as const;

/** Whether a body follows the request's headers. */
export const hasBody = (request: IncomingMessage): boolean =>
  request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;

/**
 * Lets the body go by without keeping it, and resolves once it has (or the client went away): a
 * response sent while a body is still arriving would close the connection, and the client, still
 * writing, would meet a reset instead of reading the answer. The request time-out bounds the wait.
 */
export function discardBody(request: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    finished(request, () => resolve());
    request.resume();
  });
}

/**
 * How long a connection goes on taking an oversized body after its 413 before it is closed: closing at once
 * would reset the connection under a client still sending, which could lose the answer (nginx's lingering
 * close); an endless body ties up nothing longer.
 */
const LINGER_MS = 2_000;

/**
 * After the answer to an oversized body: the rest goes by unkept, and the connection is closed if it is still
 * arriving after `LINGER_MS` (one that ends sooner stays open for the client's next request).
 */
export function lingerThenClose(request: IncomingMessage): void {
  request.resume();
  const timer = setTimeout(() => request.socket.destroy(), LINGER_MS);
  timer.unref();
  finished(request, () => clearTimeout(timer));
}

/**
 * Reads the body up to the limit and hands it to `done` within the event that ends it (an Error if the body breaks
 * off). Past the limit, stops buffering at once and reports the overflow, so a huge body costs no memory.
 */
export function readBodyInto(request: IncomingMessage, limit: number, done: (read: BodyRead | Error) => void): void {
  if (Number(request.headers["content-length"] ?? 0) > limit) {
    done({ body: null, tooLarge: true });
    return;
  }
  if (!hasBody(request)) {
    done(NO_BODY);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      request.off("data", onData);
      request.off("end", onEnd);
      done({ body: null, tooLarge: true });
      return;
    }
    chunks.push(chunk);
  };
  // Most bodies arrive in one chunk: that chunk is the body, no copy.
  const onEnd = () =>
    done({ body: size === 0 ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), tooLarge: false });
  request.on("data", onData);
  request.on("end", onEnd);
  request.on("error", done);
}

/** `readBodyInto`, as a promise. */
export const readBody = (request: IncomingMessage, limit: number): Promise<BodyRead> =>
  new Promise((resolve, reject) =>
    readBodyInto(request, limit, (read) => (read instanceof Error ? reject(read) : resolve(read))),
  );

/** Writes the pipeline's answer: a JSON body serialised here (a kept answer's once, as bytes), a reference file as it is. */
export function send(response: ServerResponse, answer: WireAnswer): void {
  // A flat [name, value, …] list: the cheapest form node:http takes on this hot path.
  const { headers, body } = answer;
  let payload: string | Uint8Array | undefined = answer.file;
  if (body !== undefined) {
    const kept = keptSerialisation(body);
    if (kept === undefined) {
      const json = JSON.stringify(body);
      payload = json;
      headers.push("Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(json)));
    } else {
      if (kept.bytes === undefined || kept.length === undefined) {
        kept.json ??= JSON.stringify(body);
        kept.bytes = Buffer.from(kept.json);
        kept.length = String(kept.bytes.byteLength);
      }
      payload = kept.bytes;
      headers.push("Content-Type", "application/json", "Content-Length", kept.length);
    }
  }
  response.writeHead(answer.status, headers);
  // To a HEAD request node:http sends the headers (Content-Length included) and drops the payload.
  response.end(payload);
}

/** The URL the client connected to: the server's address on that connection. */
export function connectionUrl(request: IncomingMessage): string {
  const address = (request.socket.localAddress ?? "127.0.0.1").replace(/^::ffff:(?=\d+\.)/, "");
  return httpUrl(address, request.socket.localPort ?? 80);
}

/** Fires when the client closes the connection before the response is complete. */
export function closeSignal(response: ServerResponse): AbortSignal {
  const closed = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) {
      closed.abort();
    }
  });
  return closed.signal;
}

/** Sockets answered by `answerUnparsableRequest`, with the bytes read when they were. */
const answered = new WeakMap<Duplex, number>();
/**
 * What a client may still send once its unparsable request was answered, read and dropped before the connection
 * is cut: cut while its input is unread, the kernel answers with a reset that discards the answer unread too.
 */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * Answers what node:http cannot parse with a documented Error body instead of its bare default,
 * and drops a request that did not finish arriving in time without a response.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  const readSoFar = (socket as Partial<Socket>).bytesRead ?? 0;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  if (answered.has(socket)) {
    // node:http reports each later chunk as the same error: let the rest arrive, up to the bound.
    if (readSoFar - answered.get(socket)! > DRAIN_BYTES) {
      socket.destroy();
    }
    return;
  }
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const message =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "the request headers are larger than 16 KiB"
      : `the request is not valid HTTP (${error.code ?? error.message})`;
  const refusal = new MockApiError(400, "INVALID_PARAMETER", message);
  const body = JSON.stringify(refusal.toBody());
  const headers = Object.entries({
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${headers}\r\n${body}`);
  answered.set(socket, readSoFar);
  const cut = setTimeout(() => socket.destroy(), DRAIN_MS);
  socket.once("close", () => clearTimeout(cut));
}
