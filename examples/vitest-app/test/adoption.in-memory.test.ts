// The same adoption desk over the mock's in-memory fetch, passed to the SDK as its `fetch`: no
// MSW, no global patching, and a separate store for every test, so these tests run concurrently.
import { createPetstoreFetch, createPetstoreStore, seed } from "@petstore/mock";
import { createPetstoreClient, type PetstoreClientOptions } from "@petstore/sdk";
import { describe, expect, it } from "vitest";
import { createAdoptionService } from "../src/adoption.js";

const baseUrl = "http://127.0.0.1:4010";

/** A desk over its own mock, seeded with the demo data; the mock is returned to inspect its store. */
async function setup(options: Partial<PetstoreClientOptions> = {}) {
  // createPetstoreFetch() seeds its own store too, but in the background: seeding first makes
  // `mock.store` complete before the first request.
  const store = createPetstoreStore();
  await seed(store);
  const mock = createPetstoreFetch({ baseUrl, store });
  const client = createPetstoreClient({ baseUrl, apiKey: "petstore-demo-key", fetch: mock, ...options });
  return { mock, desk: createAdoptionService(client) };
}

describe.concurrent("the adoption desk, over the in-memory fetch", () => {
  it("adopts an available pet", async () => {
    const { mock, desk } = await setup();
    const result = await desk.adopt(2, 1);
    expect(result).toMatchObject({
      ok: true,
      pet: { name: "Misty" },
      order: { petId: 2, quantity: 1, complete: false },
    });
    expect(result.ok && mock.store.orders.get(result.order.id!)).toMatchObject({ petId: 2, quantity: 1 });
  });

  it("gives every mock its own store", async () => {
    const first = await setup();
    const second = await setup();
    expect(await first.desk.adopt(3, 3)).toMatchObject({ ok: true });
    expect(await first.desk.check(3)).toMatchObject({ pet: { status: "pending" }, inStock: 0 });
    expect(await second.desk.check(3)).toMatchObject({ pet: { status: "available" }, inStock: 3 });
  });

  it("refuses more units than are in stock", async () => {
    const { desk } = await setup();
    expect(await desk.adopt(1, 50)).toEqual({
      ok: false,
      reason: "out-of-stock",
      message: "Only 9 units of Rex left; you asked for 50.",
    });
  });

  it("reports a 503 as a friendly 'busy' message", async () => {
    const { mock, desk } = await setup({ headers: { Prefer: "code=503" } });
    expect(await desk.adopt(1)).toMatchObject({ ok: false, reason: "busy" });
    expect(mock.store.inventory.get(1)?.quantity).toBe(9);
  });

  it("gives up on a slow answer once the SDK's timeoutMs passes", async () => {
    const { desk } = await setup({ headers: { Prefer: "delay=5000" }, timeoutMs: 250 });
    expect(await desk.adopt(1)).toMatchObject({ ok: false, reason: "timeout" });
  });

  it("lists every adoptable pet of a category, page after page", async () => {
    const { mock, desk } = await setup();
    const dogs = [...mock.store.pets.values()].filter((pet) => pet.categoryId === 1 && pet.status === "available");
    expect(await desk.adoptableNames({ categoryId: 1, pageSize: 1 })).toEqual(dogs.map((pet) => pet.name));
  });
});
