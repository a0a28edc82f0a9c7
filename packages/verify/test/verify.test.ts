// verify() against the mock's in-memory fetch: a conforming backend yields no finding, touches no
// record it did not create, and cleans up; read-only runs send no write.
import { demoApiKey, operations } from "@petstore/contract";
import { createPetstoreFetch, type StoreSnapshot } from "@petstore/mock";
import { describe, expect, it } from "vitest";
import { verify } from "../src/index.js";

const baseUrl = "http://127.0.0.1:4010";
const fast = { baseUrl, apiKey: demoApiKey, rate: 100_000, seed: 7 };

async function seededMock() {
  const petstoreFetch = createPetstoreFetch({ baseUrl });
  await petstoreFetch.ready;
  return petstoreFetch;
}

/** The seeded records as they are now: those whose ids were in `before`. */
function recordsOf(now: StoreSnapshot, before: StoreSnapshot) {
  const ids = (records: readonly { id: number }[]) => new Set(records.map((record) => record.id));
  const pets = ids(before.pets.records);
  const categories = ids(before.categories.records);
  const orders = ids(before.orders.records);
  return JSON.stringify({
    pets: now.pets.records.filter((pet) => pets.has(pet.id)),
    categories: now.categories.records.filter((category) => categories.has(category.id)),
    orders: now.orders.records.filter((order) => orders.has(order.id)),
    inventory: now.inventory.records.filter((item) => pets.has(item.petId)),
  });
}

describe("verify() against a conforming backend (the in-memory mock)", () => {
  it("finds nothing, calls every operation, leaves the seeded records as they were and cleans up", async () => {
    const petstoreFetch = await seededMock();
    const before = petstoreFetch.store.snapshot();
    const report = await verify({ ...fast, fetch: petstoreFetch });

    expect(report.findings.map((finding) => `${finding.check}: ${finding.message}`)).toEqual([]);
    // All 20, the deprecated getPet too: the tour calls each whatever the seed.
    expect(report.operationsNotCovered).toEqual([]);
    expect(report.operationsCovered).toHaveLength(operations.length);
    expect(report.requestsByMethod.POST).toBeGreaterThan(0);
    expect(report.checks.run).toBeGreaterThan(report.requests);
    expect(report.stoppedEarly).toBe(false);

    const after = petstoreFetch.store.snapshot();
    expect(recordsOf(after, before)).toBe(recordsOf(before, before));
    // Pets and categories the run created are gone; only complete orders stay, each a leftover.
    expect(after.pets.records).toEqual(before.pets.records);
    expect(after.categories.records).toEqual(before.categories.records);
    const newOrders = after.orders.records.filter((order) => !before.orders.records.some((o) => o.id === order.id));
    expect(newOrders.every((order) => order.complete)).toBe(true);
    expect(report.leftovers.map((leftover) => leftover.path).sort()).toEqual(
      newOrders.map((order) => `/store/orders/${order.id}`).sort(),
    );
  }, 60_000);

  it("read-only: sends no write, and the records are byte-for-byte the same afterwards", async () => {
    const petstoreFetch = await seededMock();
    const methods = new Set<string>();
    const counting = ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      methods.add(request.method);
      return petstoreFetch(request);
    }) as typeof fetch;
    const before = JSON.stringify(petstoreFetch.store.snapshot());
    const report = await verify({ ...fast, fetch: counting, readOnly: true });

    expect(report.findings.map((finding) => `${finding.check}: ${finding.message}`)).toEqual([]);
    expect([...methods]).toEqual(["GET"]);
    const reads = operations
      .filter((operation) => operation.method === "GET")
      .map((operation) => operation.operationId);
    expect(reads.filter((id) => !report.operationsCovered.includes(id))).toEqual([]);
    expect(Object.keys(report.requestsByMethod)).toEqual(["GET"]);
    expect(report.leftovers).toEqual([]);
    expect(JSON.stringify(petstoreFetch.store.snapshot())).toBe(before);
  }, 60_000);

  it("stops at the time limit, says so, and still cleans up", async () => {
    const petstoreFetch = await seededMock();
    const before = petstoreFetch.store.snapshot();
    const started = performance.now();
    const report = await verify({ ...fast, rate: 200, timeLimitMs: 500, fetch: petstoreFetch });

    expect(report.stoppedEarly).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(petstoreFetch.store.snapshot().pets.records).toEqual(before.pets.records);
  }, 60_000);

  it("waits out a rate limit (429 with Retry-After) instead of reporting it", async () => {
    const petstoreFetch = await seededMock();
    let requests = 0;
    let limited = 0;
    const rateLimited = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (++requests % 7 === 0) {
        limited++;
        const body = { code: "RATE_LIMITED", message: "slow down", status: 429 };
        const headers = { "content-type": "application/json", "retry-after": "0" };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 429, headers }));
      }
      return petstoreFetch(new Request(input, init));
    }) as typeof fetch;
    const report = await verify({ ...fast, steps: 40, fetch: rateLimited });

    expect(limited).toBeGreaterThan(0);
    expect(report.findings.map((finding) => `${finding.check}: ${finding.message}`)).toEqual([]);
  }, 60_000);
});
