// One exercise as it runs, of the tour or a random sequence alike: from the state the backend holds,
// with the run's own records, one command after another, each write followed by the reads back of
// every record it changed (read-back.ts). A command that fails is a finding, shrunk by the one shrinker
// (shrink.ts); the model is then read again from the backend and the exercise goes on, so one broken
// rule does not hide the next. At its end the state is read back and checked, and cleaned up.

import type { Command, Real } from "../model/command.js";
import { Failure } from "../model/failure.js";
import { ownRecords } from "../model/index.js";
import { Model } from "../model/model.js";
import type { Exchange, Finding, Leftover } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { checkReadBack, located, MAX_PAGES, type RunContext, readUnrecorded } from "./context.js";
import { failureOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import { predicted, readBacks } from "./read-back.js";
import { shortest } from "./shrink.js";
import { withTheChangedRead } from "./trim-affects.js";
import { withoutNeedlessReads } from "./trim-reads.js";
import { undeclaredChange } from "./undeclared.js";

/** What the runs of exercises count: commands run, and reads back (by id and lists after a write, the state at the end). */
export interface ExerciseCounts {
  commands: number;
  readbacks: number;
}

export interface ExerciseOptions {
  foundBy: Finding["foundBy"];
  /** Where the commands go: the tour's to the target alone, the sequences' through the x-affects check too. */
  real: Real;
  /** Whether the budget allows one more command (the random sequences' steps). */
  more?: () => boolean;
}

class ExerciseRun {
  /** Every call of the exercise, recorded. */
  readonly steps: Exchange[] = [];
  /** The commands run so far (not the read-backs). */
  readonly ran: Command[] = [];
  /** The commands and the read-backs run so far, in order. */
  readonly sent: Command[] = [];
  readBacks = 0;

  constructor(
    readonly run: RunContext,
    readonly options: ExerciseOptions,
  ) {}

  /** The model read again from the backend. */
  async fresh(): Promise<Model> {
    const model = Model.from(await readUnrecorded(this.run), this.run.scope);
    model.maxPages = MAX_PAGES;
    return model;
  }

  /** Runs a command; a failure becomes a finding, and the model is read again from the backend. */
  async attempt(
    model: Model,
    command: Command | undefined,
    act: () => Promise<void>,
    befores: Command[][] = [this.ran.slice(0, -1)],
  ): Promise<Model> {
    const { run } = this;
    try {
      await act();
      return model;
    } catch (error) {
      const failure = located(error, run.recorder.lastOperation);
      if (!(failure instanceof Failure)) {
        throw failure; // the network: the run cannot go on
      }
      if (run.findings.has(failure)) {
        run.findings.again(failure);
      } else if (command) {
        await this.addShrunk(befores, command, failure);
        // The attempts cleaned up after themselves, the exercise's own records too: it goes on with new ones.
        return this.withOwnRecords(await this.fresh());
      } else {
        // The state read back differing where no command was seen to change it: the write behind it, if one
        // is (found by sending the commands again, the exercise's records cleaned up: it ends here).
        const change = await undeclaredChange(run, failure, this.ran);
        if (change && !run.findings.has(change.failure)) {
          await this.addShrunk([change.before], change.write, change.failure);
        }
        run.findings.add(failure, [...this.steps], this.options.foundBy);
      }
      return this.fresh();
    }
  }

  /** Adds `failure` of `command` as a finding, its reproduction shrunk (shrink.ts) and cut of the reads it does not need. */
  async addShrunk(befores: Command[][], command: Command, failure: Failure): Promise<void> {
    const { run } = this;
    await run.recorder.recording(undefined, async () => {
      // From the state without the exercise's records: a reproduction makes what it reads.
      if (!run.readOnly) {
        await cleanUp(run.target, run.scope);
      }
      const short = await shortest(run, befores, command, failure, [...this.steps]);
      const steps = await withoutNeedlessReads(run, withTheChangedRead(short.failure, short.steps));
      run.findings.add(short.failure, steps, this.options.foundBy);
    });
  }

  /** Runs `command`, then reads back each record it changed (read-back.ts), unless it failed. */
  async step(model: Model, command: Command): Promise<Model> {
    const { real } = this.options;
    this.ran.push(command);
    this.sent.push(command);
    const before = predicted(model);
    const after = await this.attempt(model, command, () => Promise.resolve(command.run(model, real)));
    let now = after;
    for (const readBack of after === model ? readBacks(before, model) : []) {
      this.readBacks++;
      const current = now;
      // A read changes nothing a write needs, but an earlier read may be what a read answers again (a
      // stale cache): a read's shrinker tries the commands alone, then with the reads back between them.
      const befores = [[...this.ran], [...this.sent]];
      this.sent.push(readBack);
      now = await this.attempt(current, readBack, () => Promise.resolve(readBack.run(current, real)), befores);
      if (now !== current) {
        break;
      }
    }
    return now;
  }

  /** The run's own records made anew (a failure among them is left to the rest of the run to find). */
  async withOwnRecords(model: Model): Promise<Model> {
    for (const command of this.run.readOnly ? [] : ownRecords()) {
      try {
        await command.run(model, { target: this.run.target });
      } catch (error) {
        if (isNetworkError(error)) {
          throw error;
        }
        return this.fresh();
      }
    }
    return model;
  }
}

/** Runs `commands` as one exercise (see the top of this file); resolves to what its clean-up left. */
export async function runExercise(
  run: RunContext,
  commands: Iterable<Command>,
  counts: ExerciseCounts,
  options: ExerciseOptions,
): Promise<Leftover[]> {
  const going = new ExerciseRun(run, options);
  let leftovers: Leftover[] = [];
  try {
    await run.recorder.recording(going.steps, async () => {
      let model = await going.fresh();
      for (const command of run.readOnly ? [] : ownRecords()) {
        counts.commands++;
        const current = model;
        model = await going.attempt(current, undefined, () => Promise.resolve(command.run(current, options.real)));
      }
      for (const command of commands) {
        if (options.more && !options.more()) {
          break;
        }
        if (command.check(model)) {
          counts.commands++;
          model = await going.step(model, command);
        }
      }
      const last = model;
      await going.attempt(last, undefined, async () => {
        await checkReadBack(run, last);
        counts.readbacks++;
      });
    });
  } catch (error) {
    throw isNetworkError(error) ? error : failureOf(error);
  } finally {
    counts.readbacks += going.readBacks;
    if (!run.readOnly) {
      leftovers = await cleanUp(run.target, run.scope);
    }
  }
  return leftovers;
}
