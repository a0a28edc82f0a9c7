import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPetstoreApp } from "../src/index.js";
import { createRequestListener, startPetstoreServer } from "../src/node.js";

// The node:http wire writes the answers decided in one turn of the event loop together, at its end (WriteBatch):
// one wake-up of the client for them all, where each answer written at once cost one.
const KEY = "Bearer petstore-demo-key";
const endedAtOnce: boolean[] = [];
const endedAfterTheTurn: boolean[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  const listener = createRequestListener(createPetstoreApp());
  server = createServer((request, response) => {
    void listener(request, response);
    endedAtOnce.push(response.writableEnded);
    setImmediate(() => endedAfterTheTurn.push(response.writableEnded));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("writes an answer decided at once after the turn, not within it", async () => {
  endedAtOnce.length = endedAfterTheTurn.length = 0;
  const response = await fetch(`http://127.0.0.1:${port}/pets/1`, { headers: { Authorization: KEY } });
  expect([response.status, (await response.json()).name]).toEqual([200, "Rex"]);
  expect({ endedAtOnce, endedAfterTheTurn }).toEqual({ endedAtOnce: [false], endedAfterTheTurn: [true] });
});

it("answers requests pipelined on one connection, in their order", async () => {
  const order = '{"petId":2,"quantity":1}';
  const requests = [
    `GET /pets/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${KEY}\r\n\r\n`,
    `POST /store/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${order.length}\r\n\r\n${order}`,
    `GET /pets/999 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${KEY}\r\n\r\n`,
    `GET /pets/2 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${KEY}\r\nConnection: close\r\n\r\n`,
  ];
  const text = await new Promise<string>((resolve, reject) => {
    let received = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(requests.join("")));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  const answers = text.split(/(?=HTTP\/1\.1 \d{3} )/).map((answer) => ({
    status: Number(answer.slice(9, 12)),
    body: JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>,
  }));
  expect(answers.map(({ status }) => status)).toEqual([200, 201, 404, 200]);
  const [pet, placed, missing, last] = answers.map(({ body }) => body);
  expect([pet?.name, placed?.petId, missing?.code, last?.id]).toEqual(["Rex", 2, "NOT_FOUND", 2]);
});

it("closes the connection of an answer still waiting to be written when the server stops", async () => {
  const running = await startPetstoreServer({ port: 0, log: false });
  // After the server's own listener, in the same turn: the answer is decided and waits in the batch.
  running.server.on("request", () => void running.close());
  const response = await fetch(`${running.url}/pets/1`, { headers: { Authorization: KEY } });
  expect([response.status, response.headers.get("connection"), (await response.json()).name]).toEqual([
    200,
    "close",
    "Rex",
  ]);
  await running.close();
});

it("closes the connection of an answer decided after the server began to stop", async () => {
  const running = await startPetstoreServer({ port: 0, log: false });
  running.server.on("request", () => setTimeout(() => void running.close(), 20));
  const response = await fetch(`${running.url}/pets/1`, { headers: { Authorization: KEY, Prefer: "delay=200" } });
  expect([response.status, response.headers.get("connection"), (await response.json()).name]).toEqual([
    200,
    "close",
    "Rex",
  ]);
  await running.close();
});
