// How the fuzz suites run fast-check: the seed (printed, so any run can be replayed) and the number of runs.
import type fc from "fast-check";

/** The seed of this run: `FC_SEED` replays one; printed so any failure can be replayed. */
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Multiplies the number of runs: `FC_RUNS=10` for a long local fuzz. */
const runScale = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 1;

/** fast-check parameters: the seed, `FC_PATH` to replay a reported counterexample path directly. */
export function parameters(numRuns: number): fc.Parameters<unknown> {
  return {
    seed,
    numRuns: Math.max(1, Math.round(numRuns * runScale)),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
    interruptAfterTimeLimit: 120_000,
  };
}

/** The line each fuzz suite prints first, so any run can be replayed. */
export const seedLine = (suite: string) =>
  `[${suite}] fast-check seed ${seed}: replay with FC_SEED=${seed} (and FC_PATH=... from a failure report)`;
