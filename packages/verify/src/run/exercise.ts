// One exercise of the tour as it runs: its recorded calls, the commands it ran (the shrinker's
// material), and how a command's failure becomes a finding while the exercise goes on.

import type { Command } from "../model/command.js";
import { Failure } from "../model/failure.js";
import { ownRecords } from "../model/index.js";
import { Model } from "../model/model.js";
import type { Exchange } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { isNetworkError } from "./probe.js";
import { predicted, readBacks } from "./read-back.js";
import { located, MAX_PAGES, readUnrecorded, type SequenceRun } from "./sequence.js";
import { shortest } from "./shrink.js";
import { withoutNeedlessReads } from "./trim-reads.js";

export class ExerciseRun {
  /** Every call of the exercise, recorded. */
  readonly steps: Exchange[] = [];
  /** The commands run so far (not the read-backs). */
  readonly ran: Command[] = [];
  readBacks = 0;

  constructor(readonly run: SequenceRun) {}

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
    before: Command[] = this.ran.slice(0, -1),
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
        await run.recorder.recording(undefined, async () => {
          // From the state without the exercise's records: a reproduction makes what it reads.
          if (!run.readOnly) {
            await cleanUp(run.target, run.scope);
          }
          const short = await shortest(run, before, command, failure, [...this.steps]);
          run.findings.add(short.failure, await withoutNeedlessReads(run, short.steps), "tour");
        });
        // The attempts cleaned up after themselves, the exercise's own records too: it goes on with new ones.
        return this.withOwnRecords(await this.fresh());
      } else {
        run.findings.add(failure, [...this.steps], "tour");
      }
      return this.fresh();
    }
  }

  /** Runs `command`, then reads back by id each record it changed (read-back.ts), unless it failed. */
  async step(model: Model, command: Command): Promise<Model> {
    const target = { target: this.run.target };
    this.ran.push(command);
    const before = predicted(model);
    // Without x-affects' reads around each write (the random sequences check it): they would bury the steps.
    const after = await this.attempt(model, command, () => Promise.resolve(command.run(model, target)));
    let now = after;
    for (const readBack of after === model ? readBacks(before, model) : []) {
      this.readBacks++;
      const current = now;
      // A read changes nothing a later command needs: it is not among the commands the shrinker is handed.
      now = await this.attempt(current, readBack, () => Promise.resolve(readBack.run(current, target)), [...this.ran]);
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
