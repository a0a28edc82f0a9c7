// What every part of a run shares (the tour and the random sequences alike): where requests go, the
// run's own records, its budget, its recorder and its findings; and the state read back at the end of
// an exercise or a sequence, checked against the invariants and the model.

import type { Target } from "../http/target.js";
import type { ObservedState, Real } from "../model/index.js";
import { checkInvariants, compareWithStore } from "../model/invariants.js";
import type { Model, Scope } from "../model/model.js";
import { type Findings, failureOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import type { Recorder } from "./recorder.js";
import { readState } from "./state.js";

/** Pages one list read follows: a shared backend may hold many records. */
export const MAX_PAGES = 3;
export interface RunContext {
  target: Target;
  /** Where the random sequences send their commands: the target, with the x-affects check of each write. */
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
export async function readUnrecorded(run: Pick<RunContext, "target" | "recorder">): Promise<ObservedState> {
  return run.recorder.recording(undefined, () => readState(run.target));
}

/** Checks the state read back against the invariants and the model; a failure is `the state read back`'s. */
export async function checkReadBack(run: RunContext, model: Model): Promise<ObservedState> {
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
