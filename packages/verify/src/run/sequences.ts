// The random part of a run: fast-check sequences of the model's commands, each from the state the
// backend holds (read through the API), checked at its end (the invariants, and the model against the
// state read back) and cleaned up after. A failure is shrunk to the fewest calls that show it and
// becomes a finding; the run then goes on with new sequences (each from the state read again, so the
// model is back in step with the backend) until the step or time bound, so one run finds every
// broken rule its budget reaches. A failure of a rule already found only counts.

import fc from "fast-check";
import { checked, commandArbitraries } from "../model/commands.js";
import { Failure } from "../model/failure.js";
import type { Command, ObservedState } from "../model/index.js";
import type { Leftover } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { replayFinding } from "./finding.js";
import { groupOf } from "./findings.js";
import { runSequence, type SequenceRun } from "./sequence.js";

/** Commands per sequence: long enough for orders to meet restocks, short enough to shrink fast. */
const COMMANDS_PER_SEQUENCE = 20;
/**
 * How far past `steps` a run goes on while some operation the model calls was not called yet:
 * commands are drawn at random, and a report should cover every operation.
 */
const COVERAGE_STEPS_FACTOR = 2;

export interface SequenceOutcome {
  commands: number;
  sequences: number;
  /** Readbacks at the end of sequences: each checks the invariants and the model against the state. */
  readbacks: number;
  leftovers: Leftover[];
  /** Whether the time limit stopped the run before the step budget was spent. */
  timedOut: boolean;
}

/** A new seed for each round after a finding, derived from the run's, so a run replays whole. */
const roundSeed = (seed: number, round: number) => (seed + round * 7919) % 2 ** 31;

export async function runSequences(run: SequenceRun): Promise<SequenceOutcome> {
  const outcome = { commands: 0, sequences: 0, readbacks: 0, leftovers: [] as Leftover[], timedOut: false };
  // While a failure is shrunk, the budget no longer skips commands (or shrinking would lie), and only
  // failures of its group count.
  let shrinking: string | undefined;
  const withinBudget = () =>
    outcome.commands < run.steps || (!run.coveredAll() && outcome.commands < run.steps * COVERAGE_STEPS_FACTOR);
  const budgeted = (command: Command): Command => ({
    check: (model) => (shrinking !== undefined || withinBudget()) && command.check(model),
    run: (model, real) => {
      if (shrinking === undefined) {
        outcome.commands++; // shrinking replays what the budget already paid for
      }
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
      if (shrinking === undefined && (!withinBudget() || performance.now() >= run.deadline)) {
        outcome.timedOut ||= outcome.commands < run.steps;
        return; // the bounds are reached: no new sequence
      }
      outcome.sequences++;
      let state: ObservedState | undefined;
      try {
        state = await runSequence(run, commands, budgeted);
        outcome.readbacks++;
      } catch (error) {
        if (!(error instanceof Failure)) {
          throw error; // the network: the run cannot go on
        }
        const group = groupOf(error);
        if (shrinking === undefined && run.findings.has(error)) {
          run.findings.again(error);
          return;
        }
        if (shrinking !== undefined && group !== shrinking) {
          return; // another rule's failure: not the one being shrunk
        }
        shrinking = group;
        throw error;
      } finally {
        if (!run.readOnly) {
          outcome.leftovers = await cleanUp(run.target, run.scope, state);
        }
        run.onSequence(outcome.sequences, outcome.commands);
      }
    },
  );
  for (let round = 0; !run.findings.full; round++) {
    shrinking = undefined;
    const details = await fc.check(property, {
      seed: roundSeed(run.seed, round),
      numRuns: run.steps * COVERAGE_STEPS_FACTOR,
      plugins: [fc.interruptAfterTimeLimit(Math.max(0, run.deadline - performance.now()))],
    });
    if (!details.failed || (details.interrupted && !(details.errorInstance instanceof Failure))) {
      outcome.timedOut ||= details.interrupted;
      break;
    }
    if (!(details.errorInstance instanceof Failure) || !details.counterexample) {
      throw details.errorInstance; // the network, or a fault of this tool
    }
    run.onProgress(`found ${groupOf(details.errorInstance)}: replaying its shrunk form to record the steps`);
    await replayFinding(run, (details.counterexample as [Iterable<Command>])[0], details.errorInstance);
    if (performance.now() >= run.deadline || !withinBudget()) {
      break;
    }
  }
  return outcome;
}
