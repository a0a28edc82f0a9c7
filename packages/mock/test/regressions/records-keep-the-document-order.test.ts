import { describe, expect, it } from "vitest";
import { contract, createPetstoreFetch, DEMO_API_KEY, namedStateSnapshot } from "../../src/index.js";

// Issue 48, item 5: after a load from a snapshot (or a state file), orders came back `{id, petId, complete,
// quantity, shipDate}` where the seeded mock answers `{id, petId, quantity, shipDate, complete}`, and an update that
// adds a field (a shipDate on an order placed without one) put it last. Every record is now stored and written in
// the document's property order (`contract.recordFields`, generated), whatever path made it.
const AUTH = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
const BASE = "http://127.0.0.1:4010";

async function text(mock: typeof fetch, path: string, init: RequestInit = {}) {
  const response = await mock(`${BASE}${path}`, { ...init, headers: AUTH });
  return { status: response.status, body: await response.text() };
}

const keys = (body: string) => Object.keys(JSON.parse(body) as object);

describe("every record in the document's property order", () => {
  it("answers the same bytes after a load from a snapshot or a state file (initialState) as seeded", async () => {
    const seeded = createPetstoreFetch();
    const reads = ["/store/orders?limit=100", "/pets?limit=100", "/categories", "/store/inventory?limit=100"];
    const before = await Promise.all(reads.map((path) => text(seeded, path)));
    // The demo data's snapshot with each record's fields reversed, as a person (or another tool) may write them.
    const demo = namedStateSnapshot("demo");
    const reversed = <T extends object>(record: T) => Object.fromEntries(Object.entries(record).reverse()) as T;
    const snapshot = {
      ...demo,
      categories: demo.categories.map(reversed),
      pets: demo.pets.map(reversed),
      orders: demo.orders.map(reversed),
      inventory: demo.inventory.map(reversed),
    };
    const fromSnapshot = createPetstoreFetch({ initialState: snapshot });
    expect(await Promise.all(reads.map((path) => text(fromSnapshot, path)))).toStrictEqual(before);
    const stateFile = {
      format: "petstore-state" as const,
      version: 1 as const,
      sessions: { default: snapshot, copy: snapshot },
    };
    const fromFile = createPetstoreFetch({ initialState: stateFile });
    const inCopy = (path: string) =>
      fromFile(`${BASE}${path}`, { headers: { ...AUTH, [contract.sessionHeader.name]: "copy" } }).then((r) => r.text());
    expect(await Promise.all(reads.map(inCopy))).toStrictEqual(before.map((read) => read.body));
  });

  it("keeps the order when an update adds a field (a shipDate on an order placed without one)", async () => {
    const mock = createPetstoreFetch();
    const placed = await text(mock, "/store/orders", {
      method: "POST",
      body: JSON.stringify({ petId: 2, quantity: 1 }),
    });
    expect(keys(placed.body)).toEqual(["id", "petId", "quantity", "complete"]);
    const { id } = JSON.parse(placed.body) as { id: number };
    const shipDate = JSON.stringify({ shipDate: "2026-12-24T10:00:00.000Z" });
    const patched = await text(mock, `/store/orders/${id}`, { method: "PATCH", body: shipDate });
    expect(keys(patched.body)).toEqual([...contract.recordFields.Order]);
    expect(keys((await text(mock, `/store/orders/${id}`)).body)).toEqual([...contract.recordFields.Order]);
  });
});
