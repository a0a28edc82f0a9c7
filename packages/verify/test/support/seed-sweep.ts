// The seed sweep of the broken-backends tests: each kind, in process, on ten seeds; a run must report
// a finding of a check the kind names, on every seed.
import { describe, expect, it } from "vitest";
import { type BrokenBackendKind, verifyBroken } from "./broken-backends.js";

export const SEEDS = [3, 17, 101, 4242, 65_537, 271_828, 1_000_003, 20_261_127, 314_159_265, 2_147_483_647];
/**
 * A short random part: the tour is what makes the catch certain; the sequences after it differ by seed.
 * (The default `--steps 100` was run on the same ten seeds for every kind: see the verify README.)
 */
const STEPS = 5;

export async function checksOf(kinds: readonly BrokenBackendKind[], seed: number): Promise<string[]> {
  const report = await verifyBroken(kinds, { seed, steps: STEPS });
  return report.findings.map((finding) => `${finding.check} in ${finding.where}`);
}

/** One test per kind: caught on each of the ten seeds. */
export function sweep(title: string, kinds: readonly BrokenBackendKind[]): void {
  describe(title, () => {
    it.each(kinds.map((kind) => [kind.name, kind] as const))(
      "%s",
      async (_name, kind) => {
        const missed: string[] = [];
        for (const seed of SEEDS) {
          const checks = await checksOf([kind], seed);
          if (!checks.some((check) => kind.caughtBy.some((caught) => check.startsWith(`${caught} in `)))) {
            missed.push(`seed ${seed}: ${checks.join(", ") || "no finding"}`);
          }
        }
        expect(missed, `${kind.name} breaks "${kind.breaks}"; expected ${kind.caughtBy.join(" or ")}`).toEqual([]);
      },
      120_000,
    );
  });
}
