// The random part of a run: sequences of the model's commands drawn by fast-check from the run's seed,
// each run as an exercise of the tour is (exercise.ts): from the state the backend holds, each write
// followed by the reads back of every record it changed, the state checked at its end and cleaned up
// after; a failure is shrunk by the tour's shrinker and becomes a finding, and the sequence goes on.
// Unlike the tour's, their writes go through the x-affects check (no read a write does not declare may
// change), so a write is checked both ways: what it declares changes, and nothing else. Sequences follow
// one another until the step or time bound, so one run finds every broken rule its budget reaches.

import fc from "fast-check";
import { commandArbitraries } from "../model/commands.js";
import type { Leftover } from "../report.js";
import type { RunContext } from "./context.js";
import { type ExerciseCounts, runExercise } from "./exercise.js";

/** Commands per sequence: long enough for orders to meet restocks, short enough to shrink fast. */
const COMMANDS_PER_SEQUENCE = 20;
/**
 * How far past `steps` a run goes on while some operation the model calls was not called yet:
 * commands are drawn at random, and a report should cover every operation.
 */
const COVERAGE_STEPS_FACTOR = 2;

export interface RandomOutcome extends ExerciseCounts {
  sequences: number;
  leftovers: Leftover[];
  /** Whether the time limit stopped the run before the step budget was spent. */
  timedOut: boolean;
}

/** Each sequence's seed, derived from the run's, so a run replays whole. */
const sequenceSeed = (seed: number, sequence: number) => (seed + sequence * 7919) % 2 ** 31;

export async function runRandom(run: RunContext): Promise<RandomOutcome> {
  const outcome: RandomOutcome = { commands: 0, readbacks: 0, sequences: 0, leftovers: [], timedOut: false };
  const withinBudget = () =>
    outcome.commands < run.steps || (!run.coveredAll() && outcome.commands < run.steps * COVERAGE_STEPS_FACTOR);
  const length = Math.min(COMMANDS_PER_SEQUENCE, run.steps);
  const sequenceOf = fc.array(fc.oneof(...commandArbitraries({ readOnly: run.readOnly })), {
    minLength: length,
    maxLength: length,
  });
  // A sequence whose commands the model refuses all counts nothing: the number of sequences is bounded too.
  for (let sequence = 0; sequence < run.steps * COVERAGE_STEPS_FACTOR && !run.findings.full; sequence++) {
    if (!withinBudget()) {
      break;
    }
    if (performance.now() >= run.deadline) {
      outcome.timedOut = outcome.commands < run.steps;
      break;
    }
    const [commands] = fc.sample(sequenceOf, { seed: sequenceSeed(run.seed, sequence), numRuns: 1 });
    outcome.sequences++;
    outcome.leftovers = await runExercise(run, commands!, outcome, {
      foundBy: "sequence",
      real: run.real,
      more: () => withinBudget() && performance.now() < run.deadline,
    });
    run.onSequence(outcome.sequences, outcome.commands);
  }
  return outcome;
}
