// The adoption desk against the full mock in msw/node, under Jest. The config runs this file twice,
// in the "node" and the "jsdom" projects: the SDK sends real fetch requests and MSW answers them
// from the mock's in-memory store, so nothing listens on a port and nothing leaves the process
// (`onUnhandledRequest: "error"` fails a test that tries).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { createAdoptionService } from "@petstore/example-vitest-app/adoption";
import { createPetstoreOverrides } from "@petstore/mock";
import { setupPetstoreServer } from "@petstore/mock/node";
import { createPetstoreClient, type PetstoreClientOptions, PetstoreError, unwrap } from "@petstore/sdk";

/** The project this file runs in, from `globals` in jest.config.js. */
declare const JEST_ENVIRONMENT: "node" | "jsdom";

const baseUrl = "http://petstore.jest-app.test";
const apiKey = "jest-app-key";
const server = setupPetstoreServer({ baseUrl, apiKeys: [apiKey] });
const petstore = createPetstoreOverrides({ baseUrl });

/** A fresh SDK client; `options` adds scenario headers or a time-out. */
const client = (options: Partial<PetstoreClientOptions> = {}) => createPetstoreClient({ baseUrl, apiKey, ...options });
/** An adoption desk over a fresh client. */
const desk = (options: Partial<PetstoreClientOptions> = {}) => createAdoptionService(client(options));

/** Units of a pet in stock, read straight from the mock's store. */
const stockOf = (petId: number) => server.store.inventory.get(petId)?.quantity;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
// Drops the overrides of the test and puts the demo data back.
afterEach(() => server.reset());
afterAll(() => server.close());

// The project's name in the test names, so a failure says which environment it failed in.
describe(`the adoption desk, against the mock in msw/node (Jest, ${JEST_ENVIRONMENT} environment)`, () => {
  it("runs in the environment its Jest project names", () => {
    expect(typeof document === "undefined" ? "node" : "jsdom").toBe(JEST_ENVIRONMENT);
  });

  describe("with the mock's default behaviour", () => {
    it("adopts an available pet, reserving one unit of its stock", async () => {
      expect(stockOf(1)).toBe(9);
      const result = await desk().adopt(1);
      expect(result).toMatchObject({ ok: true, pet: { id: 1, name: "Rex" }, order: { petId: 1, quantity: 1 } });
      expect(result.message).toMatch(/^Rex is yours! Order #\d+ for 1 unit is on its way\.$/);
      expect(stockOf(1)).toBe(8);
    });

    it("takes the last units of a pet, after which it is pending and cannot be adopted", async () => {
      const orders = server.store.orders.size;
      expect(await desk().adopt(3, 3)).toMatchObject({ ok: true, order: { quantity: 3 } });
      expect(server.store.orders.size).toBe(orders + 1);
      expect(server.store.pets.get(3)?.status).toBe("pending");
      expect(await desk().adopt(3)).toEqual({
        ok: false,
        reason: "not-available",
        message: "Bella is pending and cannot be adopted.",
      });
    });

    it("does not see the previous test's order: reset() put the demo data back", async () => {
      expect(server.store.pets.get(3)?.status).toBe("available");
      expect(await desk().check(3)).toMatchObject({ pet: { name: "Bella", status: "available" }, inStock: 3 });
    });
  });

  describe("with the SDK's typed errors", () => {
    it("throws a PetstoreError carrying the API's error code and status", async () => {
      const failure = await unwrap(
        client().GET("/store/inventory/{petId}", { params: { path: { petId: 999 } } }),
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PetstoreError);
      expect(failure).toMatchObject({ code: "NOT_FOUND", status: 404, method: "GET", path: "/store/inventory/999" });
    });

    it("turns a 503 into a friendly 'busy' message, and orders nothing", async () => {
      const orders = server.store.orders.size;
      expect(await desk({ headers: { Prefer: "code=503" } }).adopt(1)).toEqual({
        ok: false,
        reason: "busy",
        message: "The pet store is busy right now. Nothing was ordered; please try again in a moment.",
      });
      expect(server.store.orders.size).toBe(orders);
      expect(stockOf(1)).toBe(9);
    });

    it("gives up on a slow answer once the SDK's timeoutMs passes", async () => {
      // The mock still sleeps out its delay after the SDK gave up, and Jest waits for pending timers
      // before it exits (and warns after a second): keep the delay under one second.
      expect(await desk({ headers: { Prefer: "delay=800" }, timeoutMs: 200 }).adopt(1)).toMatchObject({
        ok: false,
        reason: "timeout",
      });
    });
  });

  describe("with a typed per-test override", () => {
    it("explains a lost race: the pet was available when checked, gone when ordered", async () => {
      server.use(
        petstore.post("/store/orders", async ({ body, reply }) => {
          const { petId } = await body();
          return reply(409, {
            code: "PET_NOT_AVAILABLE",
            message: `pet ${petId} is pending, not available; only available pets can be ordered`,
            status: 409,
          });
        }),
      );
      expect(await desk().adopt(1)).toEqual({
        ok: false,
        reason: "not-available",
        message: "Someone else just adopted Rex. Sorry!",
      });
      expect(stockOf(1)).toBe(9);
    });

    it("no longer has the previous test's override: reset() dropped it", async () => {
      expect(await desk().adopt(1)).toMatchObject({ ok: true, pet: { name: "Rex" } });
    });
  });
});
