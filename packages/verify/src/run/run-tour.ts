// Runs the tour (tour.ts): each exercise from the state the backend holds, with the run's own records,
// one command after another. A command that fails is a finding (its calls, from the exercise's start,
// are the reproduction); the model is then read again from the backend and the exercise goes on, so
// one broken rule does not hide the next.

import type { Command } from "../model/command.js";
import { Failure } from "../model/failure.js";
import { ownRecords } from "../model/index.js";
import { Model } from "../model/model.js";
import type { Exchange } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { failureOf, groupOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import { predicted, readBacks } from "./read-back.js";
import { checkReadBack, located, MAX_PAGES, readUnrecorded, type SequenceRun } from "./sequence.js";
import { type Exercise, TOUR } from "./tour.js";
import { withoutNeedlessReads } from "./trim-reads.js";

export interface TourOutcome {
  commands: number;
  readbacks: number;
  /** Whether the time limit (or the most findings a run reports) cut the tour short. */
  cut: boolean;
}

export async function runTour(run: SequenceRun): Promise<TourOutcome> {
  const outcome: TourOutcome = { commands: 0, readbacks: 0, cut: false };
  const exercises = TOUR.filter((exercise) => !(run.readOnly && exercise.writes));
  for (const [index, exercise] of exercises.entries()) {
    if (performance.now() >= run.deadline || run.findings.full) {
      outcome.cut = true;
      break;
    }
    run.onProgress(`tour ${index + 1}/${exercises.length}: ${exercise.rule}`);
    await runExercise(run, exercise, outcome);
  }
  return outcome;
}

/** How many commands before a failing one a shorter reproduction may keep: 0, 1, 2, 4, … */
const SUFFIXES = [0, 1, 2, 4, 8, 16];

/** Runs `commands` from the state the backend holds, recording its calls; resolves to the failure they end in, if any. */
async function attemptReproduction(
  run: SequenceRun,
  commands: Command[],
  steps: Exchange[],
): Promise<Failure | undefined> {
  run.recorder.steps = steps;
  try {
    const model = Model.from(await readUnrecorded(run), run.scope);
    model.maxPages = MAX_PAGES;
    for (const command of commands) {
      if (command.check(model)) {
        await command.run(model, { target: run.target });
      }
    }
    return undefined;
  } catch (error) {
    const failure = located(error, run.recorder.lastOperation);
    if (failure instanceof Failure) {
      return failure;
    }
    throw failure;
  } finally {
    run.recorder.steps = undefined;
    if (!run.readOnly) {
      await cleanUp(run.target, run.scope);
    }
  }
}

/**
 * The fewest calls the run finds that still show `failure`: the failing command alone (without the
 * run's own records, then with them), then with the one, two, four… commands before it; then each
 * call left out in turn, the records made first too, while the failure still shows without it (a
 * reproduction carries no call it does not need); else the calls as the tour made them (`steps`).
 */
async function shortest(run: SequenceRun, before: Command[], failing: Command, failure: Failure, steps: Exchange[]) {
  const wanted = groupOf(failure);
  const reproduces = async (commands: Command[]) => {
    const tried: Exchange[] = [];
    const again = await attemptReproduction(run, [...commands, failing], tried);
    return again && groupOf(again) === wanted ? { failure: again, steps: tried } : undefined;
  };
  for (const kept of SUFFIXES.filter((count) => count <= before.length)) {
    for (const withRecords of kept === 0 && !run.readOnly ? [false, true] : [!run.readOnly]) {
      let commands = [...(withRecords ? ownRecords() : []), ...before.slice(before.length - kept)];
      let found = await reproduces(commands);
      if (!found) {
        continue;
      }
      for (let index = commands.length - 1; index >= 0; index--) {
        const without = commands.filter((_, at) => at !== index);
        const shorter = await reproduces(without);
        if (shorter) {
          commands = without;
          found = shorter;
        }
      }
      return found;
    }
  }
  return { failure, steps };
}

async function runExercise(run: SequenceRun, exercise: Exercise, outcome: TourOutcome): Promise<void> {
  const steps: Exchange[] = [];
  const fresh = async () => {
    const model = Model.from(await readUnrecorded(run), run.scope);
    model.maxPages = MAX_PAGES;
    return model;
  };
  const commands = exercise.commands();
  const ran: Command[] = [];
  /** Runs a command; a failure becomes a finding, and the model is read again from the backend. */
  const attempt = async (model: Model, command: Command | undefined, act: () => Promise<void>): Promise<Model> => {
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
        run.recorder.steps = undefined;
        // From the state without the exercise's records: a reproduction makes what it reads.
        if (!run.readOnly) {
          await cleanUp(run.target, run.scope);
        }
        const short = await shortest(run, ran.slice(0, -1), command, failure, [...steps]);
        run.findings.add(short.failure, await withoutNeedlessReads(run, short.steps), "tour");
        run.recorder.steps = steps;
        // The attempts cleaned up after themselves, the exercise's own records too: it goes on with new ones.
        return withOwnRecords(await fresh());
      } else {
        run.findings.add(failure, [...steps], "tour");
      }
      return fresh();
    }
  };
  /** The run's own records made anew (a failure among them is left to the rest of the run to find). */
  const withOwnRecords = async (model: Model) => {
    for (const command of run.readOnly ? [] : ownRecords()) {
      try {
        await command.run(model, { target: run.target });
      } catch (error) {
        if (isNetworkError(error)) {
          throw error;
        }
        return fresh();
      }
    }
    return model;
  };
  run.recorder.steps = steps;
  try {
    let model = await fresh();
    for (const command of run.readOnly ? [] : ownRecords()) {
      outcome.commands++;
      const current = model;
      model = await attempt(current, undefined, () => Promise.resolve(command.run(current, { target: run.target })));
    }
    for (const command of commands) {
      if (command.check(model)) {
        outcome.commands++;
        ran.push(command);
        const current = model;
        const before = predicted(current);
        // Without x-affects' reads around each write (the random sequences check it): they would bury the steps.
        model = await attempt(current, command, () => Promise.resolve(command.run(current, { target: run.target })));
        // Then each record the write changed, read back by id (read-back.ts), unless the write failed.
        for (const readBack of model === current ? readBacks(before, current) : []) {
          outcome.readbacks++;
          ran.push(readBack);
          const now = model;
          model = await attempt(now, readBack, () => Promise.resolve(readBack.run(now, { target: run.target })));
          if (model !== now) {
            break;
          }
        }
      }
    }
    await attempt(model, undefined, async () => {
      await checkReadBack(run, model);
      outcome.readbacks++;
    });
  } catch (error) {
    throw isNetworkError(error) ? error : failureOf(error);
  } finally {
    run.recorder.steps = undefined;
    if (!run.readOnly) {
      await cleanUp(run.target, run.scope);
    }
  }
}
