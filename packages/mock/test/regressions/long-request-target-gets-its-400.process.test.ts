import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";

// Issue 47 (9): a request target of 1 MiB got no answer in 2 of 5 tries: node:http stops at its 16 KiB header
// limit, the 'clientError' handler wrote the 400 and ended the socket, and the next chunk still arriving made it
// destroy the socket with input unread; the kernel's reset then discarded the answer before a client that sends
// its whole request first (as curl does) read it. Fix: once answered, the rest is read and dropped (bounded in
// bytes and time) and the connection closes after it. Each try here reads only once all was sent.
let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server.close());

const request = Buffer.from(
  `GET /pets?name=${"a".repeat(1024 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer petstore-demo-key\r\nConnection: close\r\n\r\n`,
  "latin1",
);

/** Sends `bytes` in chunks, reading nothing until all were written; resolves with what came back, or the error. */
function sendAllThenRead(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    socket.pause();
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      received += `[${error.code}]`;
    });
    socket.on("close", () => resolve(received));
    let sent = 0;
    const next = () => {
      if (sent >= bytes.length) {
        socket.resume();
        return;
      }
      const chunk = bytes.subarray(sent, sent + 16_384);
      sent += chunk.length;
      socket.write(chunk, (error) => (error ? undefined : setImmediate(next)));
    };
    socket.on("connect", next);
  });
}

it("a request target of 1 MiB gets its 400 with an Error body, 10 tries in a row", async () => {
  for (let attempt = 1; attempt <= 10; attempt++) {
    const received = await sendAllThenRead(request);
    const [head = "", body = ""] = received.split("\r\n\r\n");
    expect(head.split("\r\n")[0], `try ${attempt}: ${received.slice(0, 80)}`).toBe("HTTP/1.1 400 Bad Request");
    expect(JSON.parse(body)).toEqual({
      code: "INVALID_PARAMETER",
      message: "the request headers are larger than 16 KiB",
      status: 400,
    });
  }
});

it("a client that keeps sending after the 400 is cut off once it passes the bound (8 MiB)", async () => {
  const sent = await new Promise<number>((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    const junk = Buffer.alloc(256 * 1024, "a");
    let total = 0;
    const next = () => {
      if (total > 64 * 1024 * 1024) {
        socket.destroy();
        return;
      }
      total += junk.length;
      socket.write(junk, (error) => (error ? undefined : setImmediate(next)));
    };
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(total));
    socket.on("connect", () => socket.write(request, () => next()));
  });
  expect(sent).toBeLessThan(64 * 1024 * 1024);
});
