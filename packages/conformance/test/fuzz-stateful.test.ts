// Model-based fuzzing of the state rules: random sequences of create, update, order, cancel,
// fulfil, restock and delete (and concurrent orders), through the in-memory fetch and the
// node:http server; a model predicts every outcome and the invariants are checked after each step.
// Then the same sequences check `x-affects`: every read a successful write changes is one it names.

import type { StoreSnapshot } from "@petstore/mock";
import {
  AffectsCheck,
  checked,
  commandArbitraries,
  documentAffects,
  Model,
  type Real,
  withoutEntry,
} from "@petstore/verify/model";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parameters, seedLine } from "../src/fuzzing/run.js";
import { httpTarget, inMemoryTarget, type MockTarget } from "../src/targets/mocks.js";

/** The model's view of an in-process mock: the store's snapshots, restored for the x-affects check. */
const inProcess = (target: MockTarget, affects?: AffectsCheck): Real => ({
  target,
  observe: () => target.store.snapshot(),
  restore: (state) => target.store.restore(state as StoreSnapshot),
  ...(affects ? { affects } : {}),
});

/** Runs random command sequences on `target`, each from the store's seeded state; returns how many ran. */
async function runSequences(target: MockTarget, affects: AffectsCheck | undefined, settings: fc.Parameters<unknown>) {
  const real = inProcess(target, affects);
  const counts = { sequences: 0, commands: 0, requests: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.commands(
        commandArbitraries().map((arbitrary) => arbitrary.map(checked)),
        { maxCommands: 60, size: "+1" },
      ),
      async (sequence) => {
        await target.store.reset();
        const model = Model.from(target.store.snapshot());
        counts.sequences++;
        try {
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        } finally {
          counts.requests += model.requests;
          counts.commands += [...sequence].length;
        }
      },
    ),
    settings,
  );
  return counts;
}

const targets: [string, () => Promise<MockTarget>, number][] = [
  ["in-memory fetch", () => inMemoryTarget({ pets: 6, seed: 3 }), 200],
  ["node:http server", () => httpTarget({ pets: 6, seed: 3 }), 50],
];

console.log(seedLine("fuzz-stateful"));

describe.each(targets)("state rules through the %s", (name, makeTarget, runs) => {
  let requests = 0;
  let sequences = 0;
  let commands = 0;
  let ms = 0;
  afterAll(() => {
    console.log(
      `[fuzz-stateful] ${name}: ${sequences} sequences, ${commands} commands, ${requests} requests in ${(ms / 1000).toFixed(1)} s`,
    );
  });

  it("follows the documented state rules and keeps every invariant", async () => {
    const target = await makeTarget();
    const started = performance.now();
    try {
      ({ sequences, commands, requests } = await runSequences(target, undefined, parameters(runs)));
    } finally {
      ms = performance.now() - started;
      await target.close();
    }
    expect(sequences).toBeGreaterThanOrEqual(runs);
  }, 300_000); // generous: shrinking a failure re-runs many sequences
});

describe("x-affects, checked against the mock (in-memory fetch)", () => {
  const runs = 60;

  it("every read a successful write changes is one its x-affects names", async () => {
    const target = await inMemoryTarget({ pets: 6, seed: 3 });
    const affects = new AffectsCheck(documentAffects);
    const started = performance.now();
    try {
      const { sequences } = await runSequences(target, affects, parameters(runs));
      expect(sequences).toBeGreaterThanOrEqual(runs);
    } finally {
      const unused = affects.neverNeeded();
      console.log(
        `[fuzz-stateful] x-affects: ${affects.writes} successful writes checked with ${affects.reads} reads in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `entries no write needed: ${unused.length ? unused.join(", ") : "none"}`,
      );
      await target.close();
    }
    expect(affects.writes).toBeGreaterThan(0);
  }, 300_000);

  it("fails, naming the write and the read, when an entry is missing (placeOrder → listInventory)", async () => {
    const target = await inMemoryTarget({ pets: 6, seed: 3 });
    const affects = new AffectsCheck(withoutEntry(documentAffects, "placeOrder", "listInventory"));
    try {
      // The first successful order changes the stock list; no shrinking, the first failure is the answer.
      await expect(
        runSequences(target, affects, { ...parameters(100), endOnFailure: true, includeErrorInReport: true }),
      ).rejects.toThrow(
        /placeOrder \(POST \/store\/orders \{"petId":\d+,"quantity":\d+.*\} → 201\) changed reads that its x-affects does not cover:\n {2}listInventory \(GET \/store\/inventory\?limit=100\) changed, and x-affects does not name listInventory: \[\d+\]\.quantity: \d+ → \d+/,
      );
    } finally {
      await target.close();
    }
  }, 300_000);
});
