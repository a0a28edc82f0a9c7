import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";

// Found by the conformance abuse tests (packages/conformance/test/abuse.test.ts). A request that
// node:http cannot parse (a raw non-ASCII byte in the request target, a Content-Length that is not
// a number) or whose headers pass node's 16 KiB limit gets node's own bare answer:
// "HTTP/1.1 400 Bad Request" / "431 Request Header Fields Too Large", no body at all. The document
// says every non-2xx response has an Error body with `status` equal to the HTTP status. Fix: a
// `clientError` handler on the server that writes an Error body (and 431 in the document, or 400).
let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server.close());

function raw(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(received));
    socket.write(bytes);
    setTimeout(() => socket.end(), 300);
  });
}

const auth = "Authorization: Bearer petstore-demo-key\r\n";
const cases: [string, Buffer][] = [
  [
    "a raw 0xFF byte in the path",
    Buffer.from(`GET /pets/\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Connection: close\r\n\r\n`, "latin1"),
  ],
  [
    "a Content-Length that is not a number",
    Buffer.from(
      `POST /pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      "latin1",
    ),
  ],
  [
    "20 KB of headers",
    Buffer.from(
      `GET /pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}X-Big: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      "latin1",
    ),
  ],
];

describe("a request node:http cannot parse", () => {
  for (const [name, bytes] of cases) {
    it(`(${name}) gets a JSON Error body whose status is the HTTP status`, async () => {
      const received = await raw(bytes);
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const status = Number(head.split(" ")[1]);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body)).toMatchObject({ status, code: expect.any(String), message: expect.any(String) });
    });
  }
});
