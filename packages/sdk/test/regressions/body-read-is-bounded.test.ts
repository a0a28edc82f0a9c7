import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError } from "../../src/index.js";
import { startStandIn } from "../support.js";

// The time-out and the caller's signal used to stop at the headers: openapi-fetch reads the body
// after the transport returned, so a body that never ended left the call pending for ever.
let standIn: Awaited<ReturnType<typeof startStandIn>>;
afterEach(() => standIn.close());

/** Sends the headers and the start of a JSON array, then whatever `rest` does with the response. */
const startBody = (rest: (response: ServerResponse) => void) =>
  startStandIn((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.write("[");
    rest(response);
  });
const stall = () => undefined;
const trickle = (response: ServerResponse) => {
  const dripping = setInterval(() => response.write(" "), 100);
  response.on("close", () => clearInterval(dripping));
};

describe("the time-out bounds the body read", () => {
  it("fails with TIMEOUT when the body stalls after the headers", async () => {
    standIn = await startBody(stall);
    const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key", timeoutMs: 300 });
    const failure = await client.GET("/pets").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "TIMEOUT", status: 0, method: "GET", path: "/pets" });
  });

  it("fails with TIMEOUT when the body trickles in a byte every 100 ms", async () => {
    standIn = await startBody(trickle);
    const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key", timeoutMs: 300 });
    await expect(client.GET("/pets")).rejects.toMatchObject({ name: "PetstoreError", code: "TIMEOUT" });
  });
});

describe("the caller's signal bounds the body read", () => {
  /** A client whose fetch tells when the headers are in, so the test aborts during the body. */
  const clientTellingHeaders = (timeoutMs?: number) => {
    let headersIn: () => void = () => undefined;
    const headers = new Promise<void>((resolve) => {
      headersIn = resolve;
    });
    const client = createPetstoreClient({
      baseUrl: standIn.url,
      apiKey: "key",
      timeoutMs,
      fetch: async (request) => {
        const response = await fetch(request);
        // A timer runs after every pending promise callback: by then the SDK is reading the body.
        setTimeout(headersIn, 0);
        return response;
      },
    });
    return { client, headers };
  };

  it.each([
    ["with a time-out set", 60_000],
    ["without a time-out", undefined],
  ])("rejects with the caller's reason when it aborts during a stalled body, %s", async (_, timeoutMs) => {
    standIn = await startBody(stall);
    const { client, headers } = clientTellingHeaders(timeoutMs);
    const controller = new AbortController();
    const call = client.GET("/pets", { signal: controller.signal });
    await headers;
    controller.abort(new Error("user cancelled"));
    await expect(call).rejects.toThrow("user cancelled");
  });
});
