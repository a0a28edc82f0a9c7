// The adoption desk against the full mock in msw/node: the SDK sends real fetch requests and MSW
// answers them from the mock's in-memory store, so nothing listens on a port and nothing leaves
// the process (`onUnhandledRequest: "error"` fails a test that tries).
import { createPetstoreOverrides } from "@petstore/mock";
import { setupPetstoreServer } from "@petstore/mock/node";
import { createPetstoreClient, type PetstoreClientOptions } from "@petstore/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdoptionService } from "../src/adoption.js";

const baseUrl = "http://petstore.vitest-app.test";
const apiKey = "vitest-app-key";
const server = setupPetstoreServer({ baseUrl, apiKeys: [apiKey] });
const petstore = createPetstoreOverrides({ baseUrl });

/** An adoption desk over a fresh SDK client; `options` adds scenario headers or a time-out. */
const desk = (options: Partial<PetstoreClientOptions> = {}) =>
  createAdoptionService(createPetstoreClient({ baseUrl, apiKey, ...options }));

/** Units of a pet in stock, read straight from the mock's store. */
const stockOf = (petId: number) => server.store.inventory.get(petId)?.quantity;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
// Drops the overrides of the test and puts the demo data back.
afterEach(() => server.reset());
afterAll(() => server.close());

describe("the adoption desk, against the mock in msw/node", () => {
  describe("with the mock's default behaviour", () => {
    it("adopts an available pet, reserving one unit of its stock", async () => {
      expect(stockOf(1)).toBe(9);
      const result = await desk().adopt(1);
      expect(result).toMatchObject({ ok: true, pet: { id: 1, name: "Rex" }, order: { petId: 1, quantity: 1 } });
      expect(result.message).toMatch(/^Rex is yours! Order #\d+ for 1 unit is on its way\.$/);
      expect(stockOf(1)).toBe(8);
    });

    it("refuses more units than are in stock, without placing an order", async () => {
      const orders = server.store.orders.size;
      const result = await desk().adopt(3, 4);
      expect(result).toEqual({
        ok: false,
        reason: "out-of-stock",
        message: "Only 3 units of Bella left; you asked for 4.",
      });
      expect(server.store.orders.size).toBe(orders);
    });

    it("takes the last units, after which the pet is pending and cannot be adopted", async () => {
      expect(await desk().adopt(3, 3)).toMatchObject({ ok: true, order: { quantity: 3 } });
      expect(server.store.pets.get(3)?.status).toBe("pending");
      expect(await desk().adopt(3)).toEqual({
        ok: false,
        reason: "not-available",
        message: "Bella is pending and cannot be adopted.",
      });
    });

    it("starts every test from the demo data again (the store is reset after each test)", async () => {
      expect(server.store.pets.get(3)?.status).toBe("available");
      expect(stockOf(3)).toBe(3);
      expect(await desk().check(3)).toMatchObject({ pet: { name: "Bella", status: "available" }, inStock: 3 });
    });

    it("says when there is no such pet", async () => {
      expect(await desk().adopt(999)).toEqual({
        ok: false,
        reason: "not-found",
        message: "There is no pet #999 in the store.",
      });
    });

    it("lists every adoptable pet, page after page", async () => {
      const names = await desk().adoptableNames({ pageSize: 3 });
      const available = [...server.store.pets.values()].filter((pet) => pet.status === "available");
      expect(names).toEqual(available.map((pet) => pet.name));
      expect(names.length).toBeGreaterThan(3);
      expect(names.slice(0, 3)).toEqual(["Rex", "Misty", "Bella"]);
    });
  });

  describe("with a typed override for an edge case", () => {
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

    it("treats a pet whose stock record vanished as no longer in the store", async () => {
      server.use(
        petstore.get("/store/inventory/{petId}", ({ params, reply }) =>
          params.petId === 2
            ? reply(404, { code: "NOT_FOUND", message: `inventory of pet ${params.petId} does not exist`, status: 404 })
            : undefined,
        ),
      );
      expect(await desk().adopt(2)).toMatchObject({
        ok: false,
        reason: "not-found",
        message: "Pet #2 is no longer in the store.",
      });
      // Returning nothing falls through to the mock: other pets are unaffected.
      expect(await desk().adopt(1)).toMatchObject({ ok: true });
    });
  });

  describe("with scenario control (the Prefer header)", () => {
    it("reports a 503 as a friendly 'busy' message, and changes nothing", async () => {
      const orders = server.store.orders.size;
      const result = await desk({ headers: { Prefer: "code=503" } }).adopt(1);
      expect(result).toEqual({
        ok: false,
        reason: "busy",
        message: "The pet store is busy right now. Nothing was ordered; please try again in a moment.",
      });
      expect(server.store.orders.size).toBe(orders);
      expect(stockOf(1)).toBe(9);
    });

    it("gives up on a slow answer once the SDK's timeoutMs passes", async () => {
      const result = await desk({ headers: { Prefer: "delay=5000" }, timeoutMs: 250 }).adopt(1);
      expect(result).toEqual({
        ok: false,
        reason: "timeout",
        message: "The pet store did not answer in time. Check your orders before trying again.",
      });
    });

    it("waits for a slow answer that comes within the time-out", async () => {
      const result = await desk({ headers: { Prefer: "delay=100" }, timeoutMs: 20_000 }).adopt(2);
      expect(result).toMatchObject({ ok: true, pet: { name: "Misty" } });
    });
  });
});
