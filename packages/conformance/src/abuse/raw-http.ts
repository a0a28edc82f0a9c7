// HTTP/1.1 on a bare socket, for requests no HTTP client would send: invalid bytes, bodies that
// never finish, uploads that stream slowly.
import { connect, type Socket } from "node:net";
import { demoApiKey } from "@petstore/contract";
import { countRequests } from "../stats.js";

export interface RawResponse {
  /** 0 when the connection closed without a response. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** When the first byte of the response arrived, in ms after the request started (or -1). */
  firstByteMs: number;
  /** When the connection closed, in ms after the request started. */
  closedMs: number;
}

function parse(raw: Buffer): Pick<RawResponse, "status" | "headers" | "body"> {
  const text = raw.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (!text.startsWith("HTTP/1.1 ") || end === -1) {
    return { status: 0, headers: {}, body: text };
  }
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
  if (headers["transfer-encoding"] === "chunked") {
    const chunks: Buffer[] = [];
    let rest = body;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      const size = Number.parseInt(rest.subarray(0, lineEnd).toString(), 16);
      if (!size) {
        break;
      }
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    body = Buffer.concat(chunks);
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") };
}

/**
 * Sends `head` (and then `body`) on a new connection and resolves when the server closes it or
 * `waitMs` passes. `body` may be a function that writes slowly and is told when a response arrived.
 */
export function rawRequest(
  port: number,
  head: string | Buffer,
  options: {
    body?: Buffer | ((socket: Socket, answered: () => boolean) => Promise<void>);
    waitMs?: number;
  } = {},
): Promise<RawResponse> {
  countRequests();
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let firstByteMs = -1;
    socket.on("data", (chunk) => {
      if (firstByteMs < 0) {
        firstByteMs = performance.now() - started;
      }
      received = Buffer.concat([received, chunk]);
    });
    socket.on("error", () => undefined);
    const finish = () => {
      clearTimeout(timer);
      resolve({ ...parse(received), firstByteMs, closedMs: performance.now() - started });
    };
    const timer = setTimeout(() => socket.destroy(), options.waitMs ?? 10_000);
    socket.once("close", finish);
    socket.write(typeof head === "string" ? Buffer.from(head, "latin1") : head);
    if (typeof options.body === "function") {
      options.body(socket, () => firstByteMs >= 0).catch(() => undefined);
    } else if (options.body) {
      socket.write(options.body);
    }
  });
}

/** The Authorization header line of the demo key. */
export const authorization = `Authorization: Bearer ${demoApiKey}\r\n`;
