import { describe, expect, it } from "vitest";
import { toSnapshot } from "../src/core/control/snapshot.js";
import { createPetstoreFetch, createPetstoreStore, DEMO_API_KEY, seed } from "../src/index.js";

// `initialState` (issue item 6, capture): a state file's parsed JSON, or one snapshot, is the start data of the
// in-process adapters, checked as PUT …/state checks it.
const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
const base = "http://127.0.0.1:4010";

async function demoSnapshot() {
  const store = createPetstoreStore();
  await seed(store, { pets: 3 });
  return toSnapshot(store.snapshot());
}

describe("initialState", () => {
  it("starts from a state file's session default, and reset() goes back to it", async () => {
    const snapshot = await demoSnapshot();
    const renamed = { ...snapshot, pets: snapshot.pets.map((pet) => ({ ...pet, name: `Captured ${pet.id}` })) };
    const petstoreFetch = createPetstoreFetch({
      initialState: { format: "petstore-state", version: 1, sessions: { default: renamed } },
    });
    await petstoreFetch.ready;
    const pets = (await (await petstoreFetch(`${base}/pets`, { headers })).json()) as { name: string }[];
    expect(pets.map((pet) => pet.name)).toEqual(renamed.pets.map((pet) => pet.name));
    await petstoreFetch(`${base}/pets/${renamed.pets[0]!.id}`, { method: "DELETE", headers });
    await petstoreFetch.sessions.reset("default");
    expect(petstoreFetch.store.pets.size).toBe(3);
  });

  it("takes one snapshot as the session default", async () => {
    const snapshot = await demoSnapshot();
    const petstoreFetch = createPetstoreFetch({ initialState: snapshot });
    await petstoreFetch.ready;
    expect(toSnapshot(petstoreFetch.store.snapshot())).toEqual(snapshot);
  });

  it("refuses a state that breaks a rule: ready rejects naming the place, and requests get 500", async () => {
    const snapshot = await demoSnapshot();
    const broken = { ...snapshot, pets: snapshot.pets.map((pet) => ({ ...pet, categoryId: 99 })) };
    const petstoreFetch = createPetstoreFetch({ initialState: broken });
    await expect(petstoreFetch.ready).rejects.toThrow(
      "initialState is not a state of the mock: pets[0].categoryId: category 99 does not exist",
    );
    expect((await petstoreFetch(`${base}/pets`, { headers })).status).toBe(500);
  });
});
