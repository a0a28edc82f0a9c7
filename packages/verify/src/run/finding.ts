// A finding from fast-check's shrunk counterexample: the sequence is run once more from the state
// the backend holds, recording every exchange, so the finding shows the calls that reproduce it.

import type { Command } from "../model/command.js";
import type { Failure } from "../model/failure.js";
import type { Exchange } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { failureOf, groupOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import { runSequence, type SequenceRun } from "./sequence.js";
import { withoutNeedlessReads } from "./trim-reads.js";

export async function replayFinding(
  run: SequenceRun,
  counterexample: Iterable<Command>,
  original: Failure,
): Promise<void> {
  const steps: Exchange[] = [];
  let failure: Failure | undefined;
  try {
    await run.recorder.recording(steps, () => runSequence(run, counterexample, (command) => command));
  } catch (error) {
    if (isNetworkError(error)) {
      throw error;
    }
    failure = failureOf(error);
  } finally {
    if (!run.readOnly) {
      await cleanUp(run.target, run.scope);
    }
  }
  if (failure && groupOf(failure) === groupOf(original)) {
    run.findings.add(failure, await withoutNeedlessReads(run, steps), "sequence");
    return;
  }
  // The backend answered otherwise this time: the finding is the original failure, with the replay's calls.
  const replayed = failure ? `failed with ${groupOf(failure)} instead` : "did not fail again";
  original.message = `${original.message}\n(the shrunk sequence ${replayed} when replayed: the steps are those of the replay)`;
  run.findings.add(original, steps, "sequence");
}
