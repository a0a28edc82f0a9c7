// A finding from fast-check's shrunk counterexample: the sequence is run once more from the state
// the backend holds, recording every exchange, so the finding shows the calls that reproduce it.

import type { Command } from "../model/command.js";
import { Failure } from "../model/failure.js";
import type { Finding } from "../report.js";
import { cleanUp } from "./cleanup.js";
import type { Recorder } from "./recorder.js";
import { runSequence, type SequenceRun } from "./sequences.js";

/** The failure an error stands for: a `Failure` as it is; anything else the model did not foresee. */
export const failureOf = (error: unknown): Failure =>
  error instanceof Failure
    ? error
    : new Failure("model.record", `the run stopped on an answer the model cannot read: ${String(error)}`);

export async function replayFinding(
  run: SequenceRun,
  recorder: Recorder,
  counterexample: Iterable<Command>,
  original: unknown,
): Promise<Finding> {
  const steps: Finding["steps"] = [];
  let failure: Failure | undefined;
  recorder.steps = steps;
  try {
    await runSequence(run, counterexample, (command) => command);
  } catch (error) {
    failure = failureOf(error);
  } finally {
    recorder.steps = undefined;
    if (!run.readOnly) {
      await cleanUp(run.target, run.scope);
    }
  }
  const reproduced = failure !== undefined;
  failure ??= failureOf(original);
  return {
    check: failure.check,
    message: reproduced
      ? failure.message
      : `${failure.message}\n(the shrunk sequence did not fail again when replayed: the steps are those of the replay)`,
    steps,
    expected: failure.expected || "what the document and the model predict",
  };
}
