// One record of an exchange and one way to observe it (issue 45): the inspector's log (`app.observe`), the
// self-check (`observeResponses`), a server's `onResponse` and its `log` line all read `PetstoreExchange`.
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createPetstoreApp,
  createPetstoreFetchHandler,
  DEMO_API_KEY,
  type ExchangeObserver,
  type InspectedExchange,
  type ObservedExchange,
  observeResponses,
  type PetstoreExchange,
  type ResponseObserver,
} from "../src/index.js";

const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };

describe("the exchange record", () => {
  it("is the same record, by value, for app.observe, observeResponses, onResponse and the log line", async () => {
    const app = createPetstoreApp();
    const seen: Record<string, PetstoreExchange[]> = { app: [], every: [], server: [] };
    const lines: string[] = [];
    const stopApp = app.observe((exchange) => seen.app!.push(exchange));
    const stopEvery = observeResponses((exchange) => {
      if (exchange.request.path === "/pets/1") {
        seen.every!.push(exchange);
      }
    });
    const handle = createPetstoreFetchHandler({
      app,
      onResponse: (exchange) => seen.server!.push(exchange),
      log: (line) => lines.push(line),
    });
    try {
      const response = await handle(
        new Request("http://127.0.0.1:4010/pets/1", { headers: { ...auth, "X-Petstore-Session": "alice" } }),
      );
      expect(response.status).toBe(200);
    } finally {
      stopApp();
      stopEvery();
    }
    const records = [seen.app![0]!, seen.every![0]!, seen.server![0]!];
    for (const record of records) {
      expect(record).toMatchObject({
        session: "alice",
        method: "GET",
        target: "/pets/1",
        operationId: "getPet",
        request: { method: "GET", path: "/pets/1", baseUrl: "http://127.0.0.1:4010" },
        response: { status: 200, operationId: "getPet" },
        url: "/pets/1",
        status: 200,
      });
      expect(Object.keys(record).sort()).toEqual(Object.keys(records[0]!).sort());
    }
    // The app's observers and observeResponses' hear the one record the app made.
    expect(seen.app![0]).toBe(seen.every![0]);
    expect(lines).toEqual([expect.stringMatching(/^GET \/pets\/1 200 getPet \d+\.\dms session=alice$/)]);
  });

  it("records what a server answers by itself too (a refused Host), without a session when none is named", async () => {
    const seen: PetstoreExchange[] = [];
    const lines: string[] = [];
    const handle = createPetstoreFetchHandler({
      requireHostHeader: true,
      onResponse: (exchange) => seen.push(exchange),
      log: (line) => lines.push(line),
    });
    await handle(new Request("http://evil.example/pets", { headers: { ...auth, Host: "evil.example" } }));
    expect(seen).toMatchObject([{ session: "default", status: 400, operationId: undefined, target: "/pets" }]);
    expect(lines).toEqual([expect.stringMatching(/^GET \/pets 400 - \d+\.\dms$/)]);
  });

  it("keeps the names of the three earlier record types as aliases of the one", () => {
    expectTypeOf<InspectedExchange>().toEqualTypeOf<PetstoreExchange>();
    expectTypeOf<ObservedExchange>().toEqualTypeOf<PetstoreExchange>();
    expectTypeOf<ResponseObserver>().toEqualTypeOf<ExchangeObserver>();
  });
});
