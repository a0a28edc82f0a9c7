// The write behind a record the state read back found changed. The tour sends its commands without the
// x-affects check (a dozen reads a write), so a write that also changes a record it does not declare (a
// category write that renames a pet) is seen only at the exercise's end, when the state read back
// differs from the model: its steps would be the whole exercise, ending in a list read that answers
// alike on a backend without the defect. The exercise's commands are sent again, each write through
// the x-affects check: the first undeclared change is the finding, shrunk to the write that made it
// and the read it changed, and the state's difference folds into it (causes.ts).

import { AffectsCheck, documentAffects } from "../model/affects.js";
import type { Command, Real } from "../model/command.js";
import { Failure } from "../model/failure.js";
import { fieldsOf } from "../model/fields.js";
import { ownRecords } from "../model/index.js";
import { Model } from "../model/model.js";
import { cleanUp } from "./cleanup.js";
import { located, MAX_PAGES, type RunContext, readUnrecorded } from "./context.js";

/** Where the state read back fails: a failure of it in a record's fields may be an undeclared change's. */
const STATE_READ_BACK = "the state read back";

/** An undeclared change: its failure, the write that made it, and the commands before that write. */
export interface UndeclaredChange {
  failure: Failure;
  write: Command;
  before: Command[];
}

/**
 * The undeclared change behind `failure`, when it is the state read back differing from the model in
 * a record's fields: the exercise's commands (`ran`, after the run's own records) sent again from the
 * state without the exercise's records, each write checked; undefined when none shows one. Cleans up.
 */
export async function undeclaredChange(
  run: RunContext,
  failure: Failure,
  ran: readonly Command[],
): Promise<UndeclaredChange | undefined> {
  if (run.readOnly || failure.where !== STATE_READ_BACK || fieldsOf(failure).length === 0) {
    return undefined;
  }
  const own = ownRecords();
  const commands = [...own, ...ran];
  const real: Real = { target: run.target, affects: new AffectsCheck(documentAffects) };
  let at = 0;
  await cleanUp(run.target, run.scope);
  try {
    await run.recorder.recording(undefined, async () => {
      const model = Model.from(await readUnrecorded(run), run.scope);
      model.maxPages = MAX_PAGES;
      for (; at < commands.length; at++) {
        if (commands[at]!.check(model)) {
          await commands[at]!.run(model, real);
        }
      }
    });
    return undefined;
  } catch (error) {
    const again = located(error, run.recorder.lastOperation);
    if (!(again instanceof Failure)) {
      throw again; // the network
    }
    // The commands before the write, without the run's own records (the shrinker adds them where needed).
    const before = at < own.length ? commands.slice(0, at) : ran.slice(0, at - own.length);
    return again.check === "x-affects" ? { failure: again, write: commands[at]!, before } : undefined;
  } finally {
    await cleanUp(run.target, run.scope);
  }
}
