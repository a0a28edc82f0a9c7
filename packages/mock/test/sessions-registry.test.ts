// The session registry (createPetstoreSessions) as a library: lifecycle, start data, bounds, eviction, notifications.
import { describe, expect, it } from "vitest";
import {
  createPetstoreSessions,
  createPetstoreStore,
  DEFAULT_SESSION,
  type PetstoreStore,
  seed,
} from "../src/index.js";

async function seededStore(pets = 20): Promise<PetstoreStore> {
  const store = createPetstoreStore();
  await seed(store, { pets });
  return store;
}

describe("createPetstoreSessions", () => {
  it("opens a session with the default store's start data, as its last seed() left it, not its later writes", async () => {
    const store = await seededStore(5);
    await store.pets.insert({ name: "Written after seeding", categoryId: 1, status: "available" });
    const sessions = createPetstoreSessions({ store });
    const other = await sessions.open("other");
    expect(other).not.toBe(store);
    expect(other.pets.size, "the start data: 5 seeded pets").toBe(5);
    expect(await sessions.open("other"), "the same name opens the same store").toBe(other);
    expect(await sessions.open(DEFAULT_SESSION)).toBe(store);
    expect(sessions.get("missing"), "get creates nothing").toBeUndefined();
  });

  it("opens empty sessions over a store that was never seeded", async () => {
    const sessions = createPetstoreSessions();
    expect((await sessions.open("a")).pets.size).toBe(0);
  });

  it("lists the live sessions, default first, with their records and times from the clock", async () => {
    let clock = Date.UTC(2026, 0, 1);
    const sessions = createPetstoreSessions({ store: await seededStore(), now: () => clock });
    clock += 1_000;
    const b = await sessions.open("b");
    await b.categories.insert({ name: "Ferrets" });
    clock += 1_000;
    sessions.notifyChange("b");
    expect(sessions.list()).toEqual([
      expect.objectContaining({ name: "default", createdAt: "2026-01-01T00:00:00.000Z" }),
      {
        name: "b",
        records: { categories: 7, pets: 20, orders: 5 },
        createdAt: "2026-01-01T00:00:01.000Z",
        lastUsedAt: "2026-01-01T00:00:02.000Z",
      },
    ]);
  });

  it("resets a session to the start data, to demo data of N pets or to nothing, creating it if missing", async () => {
    const sessions = createPetstoreSessions({ store: await seededStore() });
    await sessions.reset("fresh");
    expect(sessions.get("fresh")!.pets.size).toBe(20);
    await sessions.reset("fresh", { seed: 3 });
    expect(sessions.get("fresh")!.pets.size).toBe(3);
    await sessions.reset("fresh", { empty: true });
    expect(sessions.get("fresh")!.pets.size).toBe(0);
    await sessions.reset("fresh");
    expect(sessions.get("fresh")!.pets.size, "back to the start data").toBe(20);
    await sessions.reset("seeded", { seed: 2 });
    expect(sessions.get("seeded")!.pets.size).toBe(2);
  });

  it("replaces a session's records with a snapshot, creating it if missing", async () => {
    const store = await seededStore(4);
    const sessions = createPetstoreSessions({ store });
    await sessions.replace("copy", store.snapshot());
    expect(sessions.get("copy")!.snapshot()).toEqual(store.snapshot());
    const emptied = createPetstoreStore().snapshot();
    await sessions.replace("copy", emptied);
    expect(sessions.get("copy")!.pets.size).toBe(0);
  });

  it("deletes a session; deleting default resets it instead, as it always exists", async () => {
    const store = await seededStore();
    const sessions = createPetstoreSessions({ store });
    await sessions.open("gone");
    expect(await sessions.delete("gone")).toBe(true);
    expect(await sessions.delete("gone"), "a second delete finds nothing").toBe(false);
    expect(sessions.get("gone")).toBeUndefined();
    await store.pets.insert({ name: "Extra", categoryId: 1, status: "available" });
    expect(await sessions.delete(DEFAULT_SESSION)).toBe(true);
    expect(sessions.get(DEFAULT_SESSION)).toBe(store);
    expect(store.pets.size, "default back to its start data").toBe(20);
  });

  it("tells subscribers of every committed change: writes reported by the app, reset, replace, delete", async () => {
    const sessions = createPetstoreSessions({ store: await seededStore() });
    const changed: string[] = [];
    const unsubscribe = sessions.subscribe((name) => changed.push(name));
    await sessions.open("a");
    sessions.notifyChange("a");
    await sessions.reset("a");
    await sessions.replace("b", createPetstoreStore().snapshot());
    await sessions.delete("b");
    await sessions.delete(DEFAULT_SESSION);
    unsubscribe();
    await sessions.reset("a");
    expect(changed, "opening is no change; nothing after unsubscribing").toEqual(["a", "a", "b", "b", "default"]);
  });

  it("refuses malformed names with 400 INVALID_PARAMETER, as the header would be", async () => {
    const sessions = createPetstoreSessions();
    for (const name of ["", "a/b", "x".repeat(65)]) {
      await expect(sessions.open(name), JSON.stringify(name)).rejects.toMatchObject({
        status: 400,
        code: "INVALID_PARAMETER",
        message: expect.stringContaining("X-Petstore-Session"),
      });
    }
  });

  it("checks its limits", () => {
    expect(() => createPetstoreSessions({ limits: { maxSessions: 0 } })).toThrow(
      /limits\.maxSessions must be a whole number, 1 or more/,
    );
    expect(() => createPetstoreSessions({ limits: { maxRecords: 1.5 } })).toThrow(/limits\.maxRecords/);
    expect(() => createPetstoreSessions({ limits: { idleTtlMs: -1 } })).toThrow(/limits\.idleTtlMs/);
  });

  it("says how the start data is made: the start option, a { seed } or { namedState } reset of default, else nothing", async () => {
    const store = await seededStore(3);
    const sessions = createPetstoreSessions({ store, start: { seed: 3 } });
    expect(sessions.startRecipe?.()).toEqual({ seed: 3 });
    await sessions.reset(DEFAULT_SESSION, { empty: true });
    expect(sessions.startRecipe?.(), "an empty reset keeps the start data").toEqual({ seed: 3 });
    await sessions.reset(DEFAULT_SESSION, { seed: 2 });
    expect(sessions.startRecipe?.()).toEqual({ seed: 2 });
    await sessions.reset("other", { seed: 4 });
    expect(sessions.startRecipe?.(), "another session's reset is not the start data").toEqual({ seed: 2 });
    await seed(store, { pets: 1 });
    expect(sessions.startRecipe?.(), "a seed() of the caller's own").toBeUndefined();
  });
});

describe("the bounds of createPetstoreSessions", () => {
  it("refuses a session past maxSessions with 507 naming the limit as the caller calls it", async () => {
    const sessions = createPetstoreSessions({
      limits: { maxSessions: 2 },
      limitNames: { maxSessions: "--max-sessions" },
    });
    await sessions.open("one");
    await expect(sessions.reset("two")).rejects.toMatchObject({
      status: 507,
      code: "MOCK_LIMIT_REACHED",
      message: expect.stringMatching(/maximum of 2 sessions \(--max-sessions\); .*raise --max-sessions/),
    });
    await expect(sessions.replace("two", createPetstoreStore().snapshot())).rejects.toMatchObject({ status: 507 });
    expect(sessions.list().map((session) => session.name)).toEqual(["default", "one"]);
  });

  it("refuses a reset or replace past maxRecords and leaves the session as it was", async () => {
    const store = await seededStore();
    const sessions = createPetstoreSessions({ store, limits: { maxRecords: 40 } });
    await sessions.reset("small", { empty: true });
    await expect(sessions.replace("small", store.snapshot())).rejects.toMatchObject({
      status: 507,
      message: expect.stringContaining("limits.maxRecords of createPetstoreSessions()"),
    });
    await expect(sessions.reset("small", { seed: 20 })).rejects.toMatchObject({ status: 507 });
    await expect(sessions.reset("new", { seed: 20 }), "a new session too big is not created").rejects.toMatchObject({
      status: 507,
    });
    expect(sessions.get("new")).toBeUndefined();
    expect(sessions.get("small")!.pets.size).toBe(0);
    await expect(sessions.open("another"), "35 start records do not fit beside 35").rejects.toMatchObject({
      status: 507,
    });
  });

  it("evicts sessions idle for idleTtlMs, never default, and only when it is set", async () => {
    let clock = 0;
    const sessions = createPetstoreSessions({ limits: { idleTtlMs: 60_000 }, now: () => clock });
    const changed: string[] = [];
    sessions.subscribe((name) => changed.push(name));
    await sessions.open("idle");
    await sessions.open("busy");
    clock = 59_000;
    await sessions.open("busy");
    clock = 60_000;
    expect(sessions.list().map((session) => session.name)).toEqual(["default", "busy"]);
    expect(changed, "an eviction is a change").toEqual(["idle"]);
    clock = 10_000_000;
    expect(sessions.list().map((session) => session.name)).toEqual(["default"]);

    const keeping = createPetstoreSessions({ now: () => clock });
    await keeping.open("kept");
    clock *= 2;
    expect(
      keeping.list().map((session) => session.name),
      "no TTL: nothing evicted",
    ).toEqual(["default", "kept"]);
  });
});
