// The model as the judge of captured records: asked about a part of a state, it names the rules broken.

import { checkInvariants } from "../model/invariants.js";
import type { ObservedState } from "../model/observed.js";

/** The problems a line names one by one; a pet with 100,000 open orders has as many. */
const PROBLEMS_SHOWN = 3;

/** What the model says `state` breaks, one line per problem, or undefined when it breaks nothing. */
export function brokenRules(state: Partial<ObservedState>): string | undefined {
  try {
    checkInvariants(
      {
        pets: state.pets ?? { records: [] },
        categories: state.categories ?? { records: [] },
        orders: state.orders ?? { records: [] },
        inventory: state.inventory ?? { records: [] },
      },
      undefined,
      undefined,
    );
    return undefined;
  } catch (error) {
    if ((error as { check?: unknown }).check !== "model.invariant") {
      throw error;
    }
    // "invariants broken:\n  a\n  b" → "a; b"; the first few only, as every record it touches repeats it.
    const lines = (error as Error).message.split("\n").map((line) => line.trim());
    const problems = lines.length > 1 ? lines.slice(1) : lines;
    const more = problems.length - PROBLEMS_SHOWN;
    return [...problems.slice(0, PROBLEMS_SHOWN), ...(more > 0 ? [`and ${more} more`] : [])].join("; ");
  }
}
