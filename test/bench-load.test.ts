// The smoke run's loads (bench/lib/load.mjs): short, but a load ends only once the server answered. A worker under
// wrangler dev on a loaded CI machine answered nothing within the worker part's 0.2 s, and the smoke run failed as
// if it never answered.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { benchRun, generateLoad } from "../bench/lib/load.mjs";

const server = createServer((_request, response) => {
  setTimeout(() => response.writeHead(201, { "content-type": "application/json" }).end("{}"), 300);
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/store/orders`;
  benchRun.smoke = true;
});

afterAll(() => {
  benchRun.smoke = false;
  server.closeAllConnections();
  server.close();
});

it("ends a smoke load after its duration only once an answer came, from a server slower than the duration", async () => {
  const result = await generateLoad({ url, method: "POST", body: "{}", connections: 1, duration: 0.05 });
  expect(result.requests).toBeGreaterThanOrEqual(1);
  expect(result.statuses).toEqual({ 201: result.requests });
});
