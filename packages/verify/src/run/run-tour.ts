// Runs the tour (tour.ts): each exercise from the state the backend holds, with the run's own records,
// one command after another. A command that fails is a finding (its calls, from the exercise's start,
// are the reproduction); the model is then read again from the backend and the exercise goes on, so
// one broken rule does not hide the next.

import { ownRecords } from "../model/index.js";
import { cleanUp } from "./cleanup.js";
import { ExerciseRun } from "./exercise.js";
import { failureOf } from "./findings.js";
import { isNetworkError } from "./probe.js";
import { checkReadBack, type SequenceRun } from "./sequence.js";
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
  const going = new ExerciseRun(run);
  try {
    await run.recorder.recording(going.steps, async () => {
      let model = await going.fresh();
      for (const command of run.readOnly ? [] : ownRecords()) {
        outcome.commands++;
        const current = model;
        model = await going.attempt(current, undefined, () =>
          Promise.resolve(command.run(current, { target: run.target })),
        );
      }
      for (const command of exercise.commands()) {
        if (command.check(model)) {
          outcome.commands++;
          model = await going.step(model, command);
        }
      }
      const last = model;
      await going.attempt(last, undefined, async () => {
        await checkReadBack(run, last);
        outcome.readbacks++;
      });
    });
  } catch (error) {
    throw isNetworkError(error) ? error : failureOf(error);
  } finally {
    outcome.readbacks += going.readBacks;
    if (!run.readOnly) {
      await cleanUp(run.target, run.scope);
    }
  }
}
