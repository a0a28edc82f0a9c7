import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { serializeStateFile } from "../src/core/control/state-file-format.js";
import type { StoreSnapshot } from "../src/core/store/store.js";
import { createPetstoreSessions, createPetstoreStore, type PetstoreSessions, seed } from "../src/index.js";
import { snapshotPieces, stateFilePieces } from "../src/state/state-file-pieces.js";
import { writeChangesBack } from "../src/state/state-writer.js";

// The --state writer's incremental text (state-file-pieces.ts: each table's records cached by ranges of keys,
// re-serialised from the table's change log) is the full serialisation's, byte for byte, after any changes.

/** A pseudo-random sequence of its own (xorshift), the same every run. */
function random(seedValue: number) {
  let state = seedValue;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

const both = (sessions: PetstoreSessions) => {
  const live = sessions.list().flatMap(({ name }) => {
    const store = sessions.get(name);
    return store ? [[name, store] as const] : [];
  });
  const start = sessions.startRecipe?.();
  const pieces = stateFilePieces(
    live.map(([name, store]) => [name, snapshotPieces(store)]),
    start,
  );
  return {
    incremental: Buffer.concat(pieces).toString("utf8"),
    full: serializeStateFile(
      live.map(([name, store]) => [name, store.snapshot()]),
      start,
    ),
  };
};

it("writes the bytes of the full serialisation after random writes, resets, restores and deletions across sessions", async () => {
  const store = createPetstoreStore();
  await seed(store, { pets: 30 });
  const sessions = createPetstoreSessions({ store, start: { seed: 30 } });
  const pick = random(46);
  const names = ["default", "team-a", "team-b"];
  const saved: StoreSnapshot[] = [store.snapshot()];
  const steps: Record<number, (name: string, target: Awaited<ReturnType<PetstoreSessions["open"]>>) => unknown> = {
    0: (_, { orders }) => {
      for (let count = 1 + pick(300); count > 0; count--) {
        orders.insert({ petId: 1 + pick(30), quantity: 1 + pick(5), complete: pick(2) === 1 });
      }
    },
    1: (_, { pets }) => pets.insert({ name: `Pet ${pick(1000)}`, categoryId: 1, status: "available" }),
    2: (_, { orders, pets, categories }) => {
      const order = orders.get(1 + pick(orders.nextKey));
      if (order) {
        orders.update(order, { quantity: 1 + pick(9), shipDate: "2026-11-29T20:00:00.000Z" });
      }
      const pet = pets.get(1 + pick(pets.nextKey));
      if (pet) {
        pets.update(pet, { name: `Renamed ${pick(100)}` });
      }
      const category = categories.get(1 + pick(categories.nextKey));
      // A field added (put back in the document's order) or taken away.
      if (category) {
        categories.update(category, { description: pick(2) ? `About ${pick(9)}` : undefined });
      }
    },
    3: (_, { orders, pets }) => {
      for (let count = 1 + pick(40); count > 0; count--) {
        const order = orders.get(1 + pick(orders.nextKey));
        if (order) {
          orders.remove(order);
        }
      }
      const pet = pets.get(1 + pick(pets.nextKey));
      if (pet) {
        pets.remove(pet);
      }
    },
    4: (_, target) => target.reset(),
    5: (name) => sessions.reset(name, pick(2) ? { empty: true } : { seed: 1 + pick(20) }),
    6: (_, target) => target.restore(saved[pick(saved.length)]!),
    7: (name) => sessions.replace(name, saved[pick(saved.length)]!),
    8: (name) => sessions.delete(name),
    9: (_, target) => saved.push(target.snapshot()),
  };
  let mostOrders = 0;
  for (let step = 0; step < 160; step++) {
    const name = names[pick(names.length)]!;
    const target = await sessions.open(name);
    const kind = pick(16);
    // The table writes as the app makes them, one exclusive change; the others are exclusive changes themselves.
    const step = steps[kind > 9 ? kind % 4 : kind]!;
    await (kind < 4 || kind > 9 ? target.exclusive(() => step(name, target)) : step(name, target));
    const { incremental, full } = both(sessions);
    expect(incremental).toBe(full);
    mostOrders = Math.max(mostOrders, target.orders.size);
  }
  // Tables of several ranges of keys (128 each) were written.
  expect(mostOrders).toBeGreaterThan(500);
});

it("writes an empty session list and sessions with empty tables as the full serialisation does", async () => {
  const sessions = createPetstoreSessions({ store: createPetstoreStore() });
  const { incremental, full } = both(sessions);
  expect(incremental).toBe(full);
  expect(Buffer.concat(stateFilePieces([], { empty: true })).toString()).toBe(serializeStateFile([], { empty: true }));
});

it("keeps two writers of the same sessions each writing the whole state (a table's change log has one reader)", async () => {
  const folder = mkdtempSync(join(tmpdir(), "petstore-pieces-"));
  try {
    const store = createPetstoreStore();
    await seed(store);
    const sessions = createPetstoreSessions({ store });
    const paths = [join(folder, "one.json"), join(folder, "two.json")];
    const writers = paths.map((path) => writeChangesBack(sessions, path, (error) => expect.fail(error.message)));
    for (let round = 0; round < 3; round++) {
      await store.exclusive(() => {
        for (let count = 0; count < 200; count++) {
          store.orders.insert({ petId: 1, quantity: 1 + round, complete: false });
        }
      });
      // One writer writes, then the other: each sees every change since its own last write.
      for (const writer of writers) {
        await writer.flush();
      }
    }
    for (const writer of writers) {
      writer.stop();
    }
    const full = serializeStateFile([["default", store.snapshot()]]);
    expect(paths.map((path) => readFileSync(path, "utf8"))).toEqual([full, full]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

it("keeps every record of a table whose record was put back by hand with a lower key before the first write", async () => {
  const store = createPetstoreStore();
  await seed(store, { pets: 300 });
  const pet = store.pets.get(2)!;
  store.pets.remove(pet);
  // Inserted after the others: the table now holds pet 2 after pet 300.
  await store.pets.insert({ ...pet });
  const sessions = createPetstoreSessions({ store });
  const { incremental } = both(sessions);
  const written: { id: number }[] = JSON.parse(incremental).sessions.default.pets;
  expect(written.map(({ id }) => id)).toEqual([...store.pets.values()].map(({ id }) => id).sort((a, b) => a - b));
});
