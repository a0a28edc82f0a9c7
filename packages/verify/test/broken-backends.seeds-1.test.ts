// Whatever the seed, a run catches a backend that breaks one rule: the tour exercises every rule the
// model knows on every run, so no rule waits for a lucky draw. The first half of the project's
// single-defect backends (support/broken-backends.ts), in process, on ten seeds each (the second
// half: broken-backends.seeds-2.test.ts; two files, so the two halves run side by side); and one
// that breaks nothing, on the same seeds, with no finding at all.
import { describe, expect, it } from "vitest";
import { brokenBackendKinds, combinedKind } from "./support/broken-backends.js";
import { checksOf, SEEDS, sweep } from "./support/seed-sweep.js";

sweep(
  "a single broken rule is caught on every seed (first half)",
  brokenBackendKinds.slice(0, Math.ceil(brokenBackendKinds.length / 2)),
);

describe("a backend that breaks nothing", () => {
  it("gets no finding on any of the seeds, behind the same proxy", async () => {
    expect(combinedKind().caughtBy).toEqual([]);
    for (const seed of SEEDS) {
      expect(await checksOf([], seed), `seed ${seed}`).toEqual([]);
    }
  }, 120_000);
});
