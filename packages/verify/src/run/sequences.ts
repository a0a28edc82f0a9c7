// The fast-check run: random sequences of the model's commands, each from the state the backend
// holds (read through the API), each checked at its end (the invariants, and the model against the
// state read back) and cleaned up after. Bounded by the step budget and the time limit.

import fc from "fast-check";
import type { Target } from "../http/target.js";
import { checked, commandArbitraries } from "../model/commands.js";
import { type Command, type ObservedState, ownRecords, type Real } from "../model/index.js";
import { checkInvariants, compareWithStore } from "../model/invariants.js";
import { Model, type Scope } from "../model/model.js";
import type { Leftover } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { readState } from "./state.js";

/** Commands per sequence: long enough for orders to meet restocks, short enough to shrink fast. */
const COMMANDS_PER_SEQUENCE = 20;
/** Pages one list read follows: a shared backend may hold many records. */
const MAX_PAGES = 3;
/**
 * How far past `steps` a run goes on while some operation the model calls was not called yet:
 * commands are drawn at random, and a report should cover every operation.
 */
const COVERAGE_STEPS_FACTOR = 2;

export interface SequenceRun {
  target: Target;
  real: Real;
  /** The run's tag and the records it owns (none in a read-only run). */
  scope: Scope;
  /** Only read commands: no opening records, nothing to clean up. */
  readOnly: boolean;
  steps: number;
  seed: number;
  deadline: number;
  /** Whether every operation the run can call was called (the step budget stretches until it is). */
  coveredAll: () => boolean;
  onSequence: (sequence: number, commands: number) => void;
}

export interface SequenceOutcome {
  details: fc.RunDetails<[Iterable<Command>]>;
  commands: number;
  sequences: number;
  /** Readbacks at the end of sequences: each checks the invariants and the model against the state. */
  readbacks: number;
  leftovers: Leftover[];
  /** Whether the time limit stopped the run before the step budget was spent. */
  timedOut: boolean;
}

/**
 * Runs one sequence from the backend's state: records of its own to write to (unless read-only),
 * then `commands`; checks the state at the end, and returns it.
 */
export async function runSequence(run: SequenceRun, commands: Iterable<Command>, count: (command: Command) => Command) {
  const model = Model.from(await readState(run.target), run.scope);
  model.maxPages = MAX_PAGES;
  const setup = () => ({ model, real: run.real });
  await fc.asyncModelRun(setup, run.readOnly ? [] : ownRecords().map(count));
  await fc.asyncModelRun(setup, commands);
  const state = await readState(run.target);
  checkInvariants(state, undefined, undefined);
  compareWithStore(model, state);
  return state;
}

export async function runSequences(run: SequenceRun): Promise<SequenceOutcome> {
  const outcome = { commands: 0, sequences: 0, readbacks: 0, leftovers: [] as Leftover[], timedOut: false };
  // Once a sequence failed, fast-check shrinks it: the budget no longer skips commands, or shrinking would lie.
  let failing = false;
  const withinBudget = () =>
    outcome.commands < run.steps || (!run.coveredAll() && outcome.commands < run.steps * COVERAGE_STEPS_FACTOR);
  const budgeted = (command: Command): Command => ({
    check: (model) => (failing || withinBudget()) && command.check(model),
    run: (model, real) => {
      outcome.commands++;
      return command.run(model, real);
    },
    toString: () => command.toString(),
  });
  const arbitraries = commandArbitraries({ readOnly: run.readOnly }).map((arbitrary) =>
    arbitrary.map(checked).map(budgeted),
  );
  const property = fc.asyncProperty(
    fc.commands(arbitraries, { maxCommands: Math.min(COMMANDS_PER_SEQUENCE, run.steps), size: "max" }),
    async (commands) => {
      if (!failing && (!withinBudget() || performance.now() >= run.deadline)) {
        outcome.timedOut ||= outcome.commands < run.steps;
        return; // the bounds are reached: no new sequence
      }
      outcome.sequences++;
      let state: ObservedState | undefined;
      try {
        state = await runSequence(run, commands, budgeted);
        outcome.readbacks++;
      } catch (error) {
        failing = true;
        throw error;
      } finally {
        if (!run.readOnly) {
          outcome.leftovers = await cleanUp(run.target, run.scope, state);
        }
        run.onSequence(outcome.sequences, outcome.commands);
      }
    },
  );
  const details = await fc.check(property, {
    seed: run.seed,
    numRuns: run.steps * COVERAGE_STEPS_FACTOR,
    plugins: [fc.interruptAfterTimeLimit(Math.max(0, run.deadline - performance.now()))],
  });
  outcome.timedOut ||= details.interrupted && !failing;
  return { ...outcome, details: details as fc.RunDetails<[Iterable<Command>]> };
}
