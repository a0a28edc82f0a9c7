// The gate's load: a fixed number of requests over `connections` keep-alive connections from the bench's own process
// (the servers run in theirs), each response read to its end and its status checked. Light: node:http, no
// autocannon process per round, so a round costs only the requests it sends.
import { Agent, request } from "node:http";

/** Sends `count` requests of `target` to `url`, `connections` at a time; rejects on any unexpected status. */
export async function sendRequests(url, target, count, connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const body = target.body ? Buffer.from(target.body) : undefined;
  const headers = body ? { ...target.headers, "Content-Length": body.length } : target.headers;
  let left = count;
  const one = () =>
    new Promise((resolve, reject) => {
      const outgoing = request(`${url}${target.path}`, { method: target.method, headers, agent }, (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === target.status
            ? resolve()
            : reject(new Error(`${target.name}: expected ${target.status}, got ${response.statusCode}`)),
        );
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  const lane = async () => {
    while (left > 0) {
      left--;
      await one();
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, lane));
  } finally {
    agent.destroy();
  }
}
