// The baseline: a bare node:http server that answers with bytes captured from the mock, keyed by
// method and URL. It reads request bodies (as any real server must) and does nothing else.
// Usage: node raw-server.mjs '<JSON: { "GET /pets?limit=20": { status, headers, body } }>'
import { createServer } from "node:http";

const responses = new Map(
  Object.entries(JSON.parse(process.argv[2] ?? "{}")).map(([key, { status, headers, body }]) => [
    key,
    { status, headers, body: Buffer.from(body) },
  ]),
);
const notFound = { status: 404, headers: { "Content-Length": "0" }, body: Buffer.alloc(0) };

const server = createServer((request, response) => {
  const send = () => {
    const answer = responses.get(`${request.method} ${request.url}`) ?? notFound;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  };
  if (request.method === "GET") {
    send();
  } else {
    request.resume();
    request.on("end", send);
  }
});

server.listen(0, "127.0.0.1", () =>
  console.log(`raw node:http listening on http://127.0.0.1:${server.address().port}`),
);
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
