// Runs the tour (tour.ts): each exercise as one (exercise.ts), from the state the backend holds, with
// the run's own records; a command that fails is a finding and the exercise goes on.

import type { RunContext } from "./context.js";
import { type ExerciseCounts, runExercise } from "./exercise.js";
import { TOUR } from "./tour.js";

export interface TourOutcome extends ExerciseCounts {
  /** Whether the time limit (or the most findings a run reports) cut the tour short. */
  cut: boolean;
}

export async function runTour(run: RunContext): Promise<TourOutcome> {
  const outcome: TourOutcome = { commands: 0, readbacks: 0, cut: false };
  const exercises = TOUR.filter((exercise) => !(run.readOnly && exercise.writes));
  for (const [index, exercise] of exercises.entries()) {
    if (performance.now() >= run.deadline || run.findings.full) {
      outcome.cut = true;
      break;
    }
    run.onProgress(`tour ${index + 1}/${exercises.length}: ${exercise.rule}`);
    // Without x-affects' reads around each write (the random sequences check them): they would bury the steps.
    await runExercise(run, exercise.commands(), outcome, { foundBy: "tour", real: { target: run.target } });
  }
  return outcome;
}
