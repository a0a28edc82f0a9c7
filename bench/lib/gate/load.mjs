// The gate's load: a fixed number of requests over `connections` keep-alive connections from the bench's own process
// (the servers run in theirs), each response read to its end and its status checked. Light: no autocannon process
// per round, and no node:http client either (its request and response objects cost the bench about 60 % of the CPU
// the two servers spend): each connection writes the bytes node:http's keep-alive client writes (the same request
// line, headers and order, so the server does the same work) and reads each answer's framing alone (status line,
// then Content-Length or chunks), one request at a time.
import { connect } from "node:net";

/** Sends `count` requests of `target` to `url`, `connections` at a time; rejects on any unexpected status. */
export async function sendRequests(url, target, count, connections) {
  const { hostname, port, host } = new URL(url);
  const request = requestBytes(target, host);
  let left = count;
  const sockets = new Set();
  const lane = () =>
    new Promise((resolve, reject) => {
      if (left <= 0) {
        resolve();
        return;
      }
      left--;
      const socket = connect(Number(port), hostname, () => socket.write(request));
      sockets.add(socket);
      socket.setNoDelay(true);
      let buffer = Buffer.alloc(0);
      socket.on("data", (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (let answer = framedOrError(buffer, reject); answer; answer = framedOrError(buffer, reject)) {
          if (answer.status !== target.status) {
            reject(new Error(`${target.name}: expected ${target.status}, got ${answer.status}`));
            return;
          }
          buffer = buffer.subarray(answer.length);
          if (left <= 0) {
            resolve();
            return;
          }
          left--;
          socket.write(request);
        }
      });
      socket.on("error", reject);
      socket.on("close", () => reject(new Error(`${target.name}: the server closed a connection before answering`)));
    });
  try {
    await Promise.all(Array.from({ length: connections }, lane));
  } finally {
    for (const socket of sockets) {
      socket.destroy();
    }
  }
}

/** The request as node:http's client with a keep-alive agent writes it: its headers, Host, Connection, the body. */
function requestBytes(target, host) {
  const body = target.body ? Buffer.from(target.body) : Buffer.alloc(0);
  const headers = { ...target.headers, ...(target.body ? { "Content-Length": body.length } : {}) };
  const lines = [`${target.method} ${target.path} HTTP/1.1`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)];
  const head = `${[...lines, `Host: ${host}`, "Connection: keep-alive"].join("\r\n")}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/** framed(buffer), or undefined once `reject` has its error. */
function framedOrError(buffer, reject) {
  try {
    return framed(buffer);
  } catch (error) {
    reject(error);
    return undefined;
  }
}

/** The status and byte length of the whole response at the start of `buffer`, or undefined while it is incomplete. */
function framed(buffer) {
  const head = buffer.indexOf("\r\n\r\n");
  if (head < 0) {
    return undefined;
  }
  const text = buffer.toString("latin1", 0, head);
  const status = Number(text.slice(9, 12));
  const contentLength = /\r\ncontent-length: *(\d+)/i.exec(text);
  if (contentLength) {
    const length = head + 4 + Number(contentLength[1]);
    return buffer.length >= length ? { status, length } : undefined;
  }
  if (/\r\ntransfer-encoding: *chunked/i.test(text)) {
    for (let at = head + 4; ; ) {
      const line = buffer.indexOf("\r\n", at);
      if (line < 0) {
        return undefined;
      }
      const sizeLine = buffer.toString("latin1", at, line);
      if (!/^[\da-f]+(;|$)/i.test(sizeLine)) {
        throw new Error(`a chunk whose size line is ${JSON.stringify(sizeLine.slice(0, 40))}`);
      }
      const size = Number.parseInt(sizeLine, 16);
      if (size === 0) {
        // The last chunk, then trailers (if any) up to an empty line.
        const end = buffer.indexOf("\r\n\r\n", line);
        return end < 0 ? undefined : { status, length: end + 4 };
      }
      at = line + 2 + size + 2;
    }
  }
  if (status < 200 || status === 204 || status === 304) {
    return { status, length: head + 4 };
  }
  throw new Error(`an answer ${status} with neither Content-Length nor chunks: the gate's load reads no other framing`);
}
