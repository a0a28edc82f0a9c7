import { watchMswServer } from "@petstore/contract/self-check";
import { createPetstoreOverrides, DEMO_API_KEY } from "@petstore/mock";
import { setupPetstoreServer } from "@petstore/mock/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError, unwrap } from "../src/index.js";
import { BASE_URL, clientOverMock } from "./support.js";

const server = setupPetstoreServer({ baseUrl: BASE_URL });
watchMswServer(server, BASE_URL);
const petstore = createPetstoreOverrides({ baseUrl: BASE_URL });
let calls = 0;
server.events.on("request:start", () => {
  calls++;
});

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(async () => {
  calls = 0;
  await server.reset();
});
afterAll(() => server.close());

const client = (options: Parameters<typeof createPetstoreClient>[0]["retry"] = { baseDelayMs: 1 }) =>
  createPetstoreClient({ baseUrl: BASE_URL, apiKey: DEMO_API_KEY, retry: options, onDeprecation: false });

describe("retries", () => {
  it("retries an idempotent request after a 503 and then succeeds", async () => {
    let failures = 1;
    server.use(
      petstore.get("/categories/{categoryId}", ({ reply }) =>
        failures-- > 0
          ? reply(
              503,
              { code: "SERVICE_UNAVAILABLE", message: "down", status: 503 },
              { headers: { "Retry-After": "0" } },
            )
          : undefined,
      ),
    );
    const category = await unwrap(client().GET("/categories/{categoryId}", { params: { path: { categoryId: 1 } } }));
    expect(category.name).toBe("Dogs");
    expect(calls).toBe(2);
  });

  it("gives up after the last attempt and returns the error", async () => {
    const { error, response } = await client({ attempts: 3, baseDelayMs: 1 }).GET("/pets", {
      params: { header: { Prefer: "code=429" } },
    });
    expect(response.status).toBe(429);
    expect(error?.code).toBe("RATE_LIMITED");
    expect(calls).toBe(3);
  });

  it("never retries a POST, which is not idempotent", async () => {
    const { response } = await client().POST("/pets", {
      body: { name: "Once", categoryId: 1 },
      params: { header: { Prefer: "code=503" } },
    });
    expect(response.status).toBe(503);
    expect(calls).toBe(1);
  });

  it("does not wait for a Retry-After longer than maxDelayMs, and says so by returning the answer", async () => {
    server.use(
      petstore.get("/pets", ({ reply }) =>
        reply(
          503,
          { code: "SERVICE_UNAVAILABLE", message: "down", status: 503 },
          { headers: { "Retry-After": "3600" } },
        ),
      ),
    );
    const { response } = await client({ maxDelayMs: 50 }).GET("/pets");
    expect(response.status).toBe(503);
    expect(calls).toBe(1);
  });

  it("also reads Retry-After as an HTTP date, as proxies and gateways send it", async () => {
    // The Petstore API itself sends seconds (the document says so), hence a stand-in for a gateway.
    // The backoff is a minute: only honouring the past date lets this test end in time.
    const gateway = (retryAfter: string) => {
      let sent = 0;
      const fetch = async () => {
        sent++;
        return new Response("{}", { status: 503, headers: { "Retry-After": retryAfter } });
      };
      return {
        sent: () => sent,
        client: createPetstoreClient({
          baseUrl: BASE_URL,
          apiKey: DEMO_API_KEY,
          fetch,
          retry: { attempts: 2, baseDelayMs: 60_000, maxDelayMs: 120_000 },
        }),
      };
    };
    const past = gateway(new Date(Date.now() - 60_000).toUTCString());
    expect((await past.client.GET("/pets")).response.status).toBe(503);
    expect(past.sent()).toBe(2);

    const tooFar = gateway(new Date(Date.now() + 3_600_000).toUTCString());
    expect((await tooFar.client.GET("/pets")).response.status).toBe(503);
    expect(tooFar.sent()).toBe(1);
  });

  it("retries a network error, then throws a NETWORK_ERROR PetstoreError", async () => {
    let attempts = 0;
    const failing = createPetstoreClient({
      baseUrl: BASE_URL,
      apiKey: DEMO_API_KEY,
      retry: { attempts: 2, baseDelayMs: 1 },
      fetch: async () => {
        attempts++;
        throw new TypeError("fetch failed");
      },
    });
    const failure = await failing.GET("/pets").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "NETWORK_ERROR", status: 0, method: "GET", path: "/pets" });
    expect(attempts).toBe(2);
  });
});

describe("time-outs", () => {
  it("abandons a slow response with a TIMEOUT PetstoreError", async () => {
    const { client: slow } = clientOverMock({ timeoutMs: 50 });
    const failure = await slow
      .GET("/pets/{petId}", { params: { path: { petId: 1 }, header: { Prefer: "delay=1000" } } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "TIMEOUT", status: 0, method: "GET", path: "/pets/1" });
    expect((failure as Error).message).toMatch(/no response within 50 ms/);
  });

  it("lets a response inside the time-out through", async () => {
    const { client: patient } = clientOverMock({ timeoutMs: 2_000 });
    const { data } = await patient.GET("/pets/{petId}", {
      params: { path: { petId: 1 }, header: { Prefer: "delay=20" } },
    });
    expect(data?.name).toBe("Rex");
  });

  it("passes the caller's own abort through unchanged", async () => {
    const { client: aborted } = clientOverMock();
    const controller = new AbortController();
    controller.abort(new Error("user cancelled"));
    await expect(aborted.GET("/pets", { signal: controller.signal })).rejects.toThrow("user cancelled");
  });
});

describe("the throwing style", () => {
  it("throws a PetstoreError with the API's code, status, method and path", async () => {
    const { client: sdk } = clientOverMock();
    const failure = await unwrap(sdk.POST("/store/orders", { body: { petId: 1, quantity: 999 } })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "INSUFFICIENT_STOCK", status: 409, method: "POST", path: "/store/orders" });
    expect((failure as Error).message).toMatch(/^POST \/store\/orders: body\.quantity is 999/);
  });

  it("names the key problem on a 401", async () => {
    const { client: sdk } = clientOverMock({ apiKey: "wrong" });
    await expect(unwrap(sdk.GET("/pets"))).rejects.toMatchObject({ code: "UNAUTHORIZED", status: 401 });
  });

  it("reads the key from a function before every request, so keys can rotate", async () => {
    const keys = ["petstore-demo-key", "rotated-away"];
    const { client: sdk } = clientOverMock({ apiKey: async () => keys.shift()! });
    expect((await sdk.GET("/pets")).response.status).toBe(200);
    expect((await sdk.GET("/pets")).response.status).toBe(401);
  });
});
