// Runs the tour (tour.ts): each exercise from the state the backend holds, with the run's own records,
// one command after another. A command that fails is a finding (its calls, from the exercise's start,
// are the reproduction); the model is then read again from the backend and the exercise goes on, so
// one broken rule does not hide the next.

import { Failure } from "../model/failure.js";
import { ownRecords } from "../model/index.js";
import { Model } from "../model/model.js";
import type { Exchange } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { failureOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import { checkReadBack, located, MAX_PAGES, readUnrecorded, type SequenceRun } from "./sequences.js";
import { type Exercise, TOUR } from "./tour.js";

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

async function runExercise(run: SequenceRun, exercise: Exercise, outcome: TourOutcome): Promise<void> {
  const steps: Exchange[] = [];
  const fresh = async () => {
    const model = Model.from(await readUnrecorded(run), run.scope);
    model.maxPages = MAX_PAGES;
    return model;
  };
  /** Runs a command; a failure becomes a finding, and the model is read again from the backend. */
  const attempt = async (model: Model, act: () => Promise<void>): Promise<Model> => {
    try {
      await act();
      return model;
    } catch (error) {
      const failure = located(error, run.recorder.lastOperation);
      if (!(failure instanceof Failure)) {
        throw failure; // the network: the run cannot go on
      }
      run.findings.add(failure, [...steps], "tour");
      return fresh();
    }
  };
  run.recorder.steps = steps;
  try {
    let model = await fresh();
    for (const command of [...(run.readOnly ? [] : ownRecords()), ...exercise.commands()]) {
      if (command.check(model)) {
        outcome.commands++;
        const current = model;
        model = await attempt(current, () => Promise.resolve(command.run(current, run.real)));
      }
    }
    await attempt(model, async () => {
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
