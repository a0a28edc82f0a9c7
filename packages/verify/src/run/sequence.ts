// One sequence of the model's commands run against the backend, and what every part of a run
// shares: where requests go, the run's own records, its budget, its recorder and its findings.

import fc from "fast-check";
import type { Target } from "../http/target.js";
import { type Command, type ObservedState, ownRecords, type Real } from "../model/index.js";
import { checkInvariants, compareWithStore } from "../model/invariants.js";
import { Model, type Scope } from "../model/model.js";
import { type Findings, failureOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import type { Recorder } from "./recorder.js";
import { readState } from "./state.js";

/** Pages one list read follows: a shared backend may hold many records. */
export const MAX_PAGES = 3;
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
  recorder: Recorder;
  findings: Findings;
  /** Whether every operation the run can call was called (the step budget stretches until it is). */
  coveredAll: () => boolean;
  onSequence: (sequence: number, commands: number) => void;
  onProgress: (line: string) => void;
}

/** Where a failure broke, when the thrower did not say: `where` (an operation, or the state read back). */
export function located(error: unknown, where: string): unknown {
  if (isNetworkError(error)) {
    return error;
  }
  const failure = failureOf(error);
  failure.where ??= where;
  return failure;
}

/** Reads the state without recording it as a step of a finding: those reads reproduce nothing. */
export async function readUnrecorded(run: Pick<SequenceRun, "target" | "recorder">): Promise<ObservedState> {
  return run.recorder.recording(undefined, () => readState(run.target));
}

/** Checks the state read back against the invariants and the model; a failure is `the state read back`'s. */
export async function checkReadBack(run: SequenceRun, model: Model): Promise<ObservedState> {
  const state = await readState(run.target).catch((error: unknown) => {
    throw located(error, "the state read back");
  });
  try {
    checkInvariants(state, undefined, undefined);
    compareWithStore(model, state);
  } catch (error) {
    throw located(error, "the state read back");
  }
  return state;
}

/**
 * Runs one sequence from the backend's state: records of its own to write to (unless read-only),
 * then `commands`; checks the state at the end, and returns it.
 */
export async function runSequence(run: SequenceRun, commands: Iterable<Command>, count: (command: Command) => Command) {
  const model = Model.from(await readUnrecorded(run), run.scope);
  model.maxPages = MAX_PAGES;
  const setup = () => ({ model, real: run.real });
  try {
    await fc.asyncModelRun(setup, run.readOnly ? [] : ownRecords().map(count));
    await fc.asyncModelRun(setup, commands);
  } catch (error) {
    throw located(error, run.recorder.lastOperation);
  }
  return checkReadBack(run, model);
}
