// Model-based fuzzing of the state rules: random sequences of create, update, order, cancel,
// fulfil, restock and delete (and concurrent orders), through the in-memory fetch and the
// node:http server; a model predicts every outcome and the invariants are checked after each step.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parameters, seedLine } from "../src/fuzzing/run.js";
import { checked, commandArbitraries } from "../src/model/commands.js";
import { Model } from "../src/model/model.js";
import { httpTarget, inMemoryTarget } from "../src/targets/mocks.js";
import type { Target } from "../src/targets/target.js";

const targets: [string, () => Promise<Target>, number][] = [
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
    const real = { target, store: target.store! };
    const started = performance.now();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.commands(
            commandArbitraries().map((arbitrary) => arbitrary.map(checked)),
            { maxCommands: 60, size: "+1" },
          ),
          async (sequence) => {
            await real.store.reset();
            const model = Model.from(real.store.snapshot());
            sequences++;
            try {
              await fc.asyncModelRun(() => ({ model, real }), sequence);
            } finally {
              requests += model.requests;
              commands += [...sequence].length;
            }
          },
        ),
        parameters(runs),
      );
    } finally {
      ms = performance.now() - started;
      await target.close();
    }
    expect(sequences).toBeGreaterThanOrEqual(runs);
  }, 300_000); // generous: shrinking a failure re-runs many sequences
});
