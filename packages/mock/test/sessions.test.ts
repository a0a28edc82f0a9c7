// Sessions (X-Petstore-Session): isolation, malformed names and the bounds, through every adapter.
import { expect, it } from "vitest";
import { contract } from "../src/index.js";
import { type AdapterUnderTest, describeEachAdapter, expectError, json } from "./support/adapters.js";

const HEADER = contract.sessionHeader.name;
type Pet = { id: number; name: string; status: string };
type Order = { id: number; petId: number; quantity: number };
type Stock = { petId: number; quantity: number };

/** A client of one session: every request carries its header. */
function sessionClient(adapter: AdapterUnderTest, session: string) {
  const send = (path: string, method = "GET", body?: unknown) =>
    adapter.request(path, { method, json: body, headers: { [HEADER]: session } });
  return {
    send,
    async createPet(name: string) {
      const response = await send("/pets", "POST", { name, categoryId: 1 });
      expect(response.status, `${session}: createPet ${name}`).toBe(201);
      return json<Pet>(response);
    },
    async order(petId: number, quantity: number) {
      const response = await send("/store/orders", "POST", { petId, quantity });
      expect(response.status, `${session}: placeOrder for pet ${petId}`).toBe(201);
      return json<Order>(response);
    },
    async petNames() {
      return (await json<Pet[]>(await send("/pets?limit=100"))).map((pet) => pet.name).sort();
    },
    async stock(petId: number) {
      return (await json<Stock>(await send(`/store/inventory/${petId}`))).quantity;
    },
  };
}

describeEachAdapter("sessions", (adapter) => {
  it("keeps two sessions' records, ids and stock apart while they create, order and delete concurrently", async () => {
    const alice = sessionClient(adapter(), "alice");
    const bob = sessionClient(adapter(), "bob.test-2");
    const startStock = adapter().store.inventory.get(1)!.quantity;
    const startNames = (await json<Pet[]>(await adapter().request("/pets?limit=100"))).map((pet) => pet.name).sort();

    const [alicePets, bobPets] = await Promise.all([
      Promise.all(["Alpha", "Bravo", "Charlie"].map((name) => alice.createPet(name))),
      Promise.all(["Xray", "Yankee"].map((name) => bob.createPet(name))),
    ]);
    // Each session numbers its own records from the start data's next id.
    const nextId = adapter().store.pets.nextKey;
    expect(alicePets.map((pet) => pet.id).sort()).toEqual([nextId, nextId + 1, nextId + 2]);
    expect(bobPets.map((pet) => pet.id).sort()).toEqual([nextId, nextId + 1]);

    const [aliceOrder, bobOrder] = await Promise.all([alice.order(1, 3), bob.order(1, 1)]);
    expect(aliceOrder.id, "both sessions' first order gets the same id").toBe(bobOrder.id);
    const [deletedByAlice, deletedByBob] = await Promise.all([
      alice.send(`/pets/${alicePets[0]!.id}`, "DELETE"),
      bob.send(`/pets/${bobPets[1]!.id}`, "DELETE"),
    ]);
    expect([deletedByAlice.status, deletedByBob.status]).toEqual([204, 204]);

    expect(await alice.petNames()).toEqual([...startNames, "Bravo", "Charlie"].sort());
    expect(await bob.petNames()).toEqual([...startNames, "Xray"].sort());
    expect(await alice.stock(1), "alice's order reserved 3 of her stock").toBe(startStock - 3);
    expect(await bob.stock(1), "bob's order reserved 1 of his stock").toBe(startStock - 1);
    // The default session (no header) saw none of it.
    const defaultNames = (await json<Pet[]>(await adapter().request("/pets?limit=100"))).map((pet) => pet.name);
    expect(defaultNames.sort()).toEqual(startNames);
    expect(adapter().store.inventory.get(1)!.quantity).toBe(startStock);
    expect(
      adapter()
        .sessions.list()
        .map((session) => session.name),
    ).toEqual(["default", "alice", "bob.test-2"]);
  });

  it.each([
    ["empty", ""],
    ["65 characters", "a".repeat(65)],
    ["a slash", "a/b"],
    ["a space", "a b"],
    ["non-ASCII", "caf\u00e9"],
  ])("answers 400 INVALID_PARAMETER naming the header to a name with %s, and creates no session", async (_, name) => {
    const response = await adapter().request("/pets", { headers: { [HEADER]: name } });
    await expectError(response, 400, "INVALID_PARAMETER", HEADER);
    expect(adapter().sessions.list()).toHaveLength(1);
  });

  it("accepts a name of 64 letters, digits, '.', '_' and '-'", async () => {
    const name = `Az09._-${"x".repeat(57)}`;
    const response = await adapter().request("/pets", { headers: { [HEADER]: name } });
    expect(response.status).toBe(200);
    expect(adapter().sessions.get(name)).toBeDefined();
  });
});

describeEachAdapter(
  "the bound on sessions",
  (adapter) => {
    it("answers 507 MOCK_LIMIT_REACHED to a new session past maxSessions, and keeps the live ones", async () => {
      const first = sessionClient(adapter(), "first");
      const pet = await first.createPet("Kept");
      const refused = await adapter().request("/pets", { headers: { [HEADER]: "second" } });
      await expectError(refused, 507, "MOCK_LIMIT_REACHED", /maximum of 2 sessions .*sessionLimits\.maxSessions/);
      expect(adapter().sessions.get("second"), "the refused session was not created").toBeUndefined();
      expect((await first.send(`/pets/${pet.id}`)).status, "the live session kept its records").toBe(200);
      await adapter().sessions.delete("first");
      expect((await adapter().request("/pets", { headers: { [HEADER]: "second" } })).status).toBe(200);
    });
  },
  { sessionLimits: { maxSessions: 2 } },
);

// The demo data of 20 pets holds 6 categories, 20 pets and 5 orders: 31 records. Two sessions of it
// and one more record fit in 63.
describeEachAdapter(
  "the bound on records",
  (adapter) => {
    it("answers 507 MOCK_LIMIT_REACHED to a create past maxRecords across sessions, before it writes", async () => {
      const start = adapter().store.categories.size + adapter().store.pets.size + adapter().store.orders.size;
      expect(start, "the demo data's record count this test is sized for").toBe(31);
      const other = sessionClient(adapter(), "other");
      await other.createPet("Last one");
      const pets = adapter().sessions.get("other")!.pets.size;
      for (const [path, body] of [
        ["/pets", { name: "One too many", categoryId: 1 }],
        ["/categories", { name: "Ferrets" }],
        ["/store/orders", { petId: 1, quantity: 1 }],
      ] as const) {
        const refused = await adapter().request(path, { method: "POST", json: body });
        await expectError(refused, 507, "MOCK_LIMIT_REACHED", /maximum of 63 records .*sessionLimits\.maxRecords/);
      }
      await expectError(await other.send("/pets", "POST", { name: "Nope", categoryId: 1 }), 507, "MOCK_LIMIT_REACHED");
      expect(adapter().sessions.get("other")!.pets.size, "nothing was written").toBe(pets);
      expect(adapter().store.pets.size).toBe(20);
      // A new session would pass the bound: refused, not created.
      const third = await adapter().request("/pets", { headers: { [HEADER]: "third" } });
      await expectError(third, 507, "MOCK_LIMIT_REACHED", /maxRecords/);
      expect(adapter().sessions.get("third")).toBeUndefined();
      // Deleting a record makes room again.
      expect((await other.send(`/pets/${adapter().store.pets.nextKey}`, "DELETE")).status).toBe(204);
      expect((await adapter().request("/categories", { method: "POST", json: { name: "Ferrets" } })).status).toBe(201);
    });
  },
  { sessionLimits: { maxRecords: 63 } },
);
