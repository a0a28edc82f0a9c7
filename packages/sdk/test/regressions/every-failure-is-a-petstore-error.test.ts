import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError, unwrap } from "../../src/index.js";
import { startStandIn } from "../support.js";

// A 2xx whose body did not parse escaped as openapi-fetch's raw SyntaxError, and a connection cut
// in the middle of a body as undici's raw TypeError ("terminated"), never retried.
let standIn: Awaited<ReturnType<typeof startStandIn>>;
afterEach(() => standIn.close());

const answering = (contentType: string, body: string) =>
  startStandIn((_request, response) => {
    response.writeHead(200, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
    response.end(body);
  });

describe("a 2xx whose body is not JSON", () => {
  it.each([
    ["an HTML page", "text/html", "<!doctype html><title>Welcome to nginx</title>"],
    ["plain text", "text/plain", "OK"],
    ["truncated JSON", "application/json", '[{"id":1,"name":"Re'],
  ])("is an UNEXPECTED_RESPONSE PetstoreError for %s, in both styles", async (_, contentType, body) => {
    standIn = await answering(contentType, body);
    const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key" });
    const expected = { name: "PetstoreError", code: "UNEXPECTED_RESPONSE", status: 200, method: "GET", path: "/pets" };
    const failure = await client.GET("/pets").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject(expected);
    expect((failure as Error).message).toMatch(/HTTP 200, the body is not JSON/);
    await expect(unwrap(client.GET("/pets"))).rejects.toMatchObject(expected);
  });
});

describe("a connection cut in the middle of a body", () => {
  /** Promises 1,000 bytes, sends ten and cuts the connection, for the first `cuts` requests. */
  const cutting = async (cuts: number) => {
    let requests = 0;
    standIn = await startStandIn((request, response) => {
      requests++;
      if (requests > cuts) {
        response.writeHead(request.method === "POST" ? 201 : 200, { "Content-Type": "application/json" });
        response.end("[]");
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": 1000 });
      response.write('[{"id":1,"', () => response.socket?.destroy());
    });
    return { requests: () => requests };
  };

  it("is a NETWORK_ERROR PetstoreError", async () => {
    await cutting(Number.POSITIVE_INFINITY);
    const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key" });
    const failure = await client.GET("/pets").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "NETWORK_ERROR", status: 0, method: "GET", path: "/pets" });
  });

  it("is retried for an idempotent method when retry is on", async () => {
    const server = await cutting(1);
    const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key", retry: { baseDelayMs: 1 } });
    const { data } = await client.GET("/pets");
    expect(data).toEqual([]);
    expect(server.requests()).toBe(2);
  });

  it("is not retried for a POST", async () => {
    const server = await cutting(1);
    const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key", retry: { baseDelayMs: 1 } });
    await expect(client.POST("/pets", { body: { name: "Once", categoryId: 1 } })).rejects.toMatchObject({
      name: "PetstoreError",
      code: "NETWORK_ERROR",
    });
    expect(server.requests()).toBe(1);
  });
});
