// The model as the judge of captured records: asked about a part of a state, it names the rules broken.

import { checkInvariants } from "../model/invariants.js";
import type { ObservedState } from "../model/observed.js";

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
    // "invariants broken:\n  a\n  b" → "a; b"
    const lines = (error as Error).message.split("\n").map((line) => line.trim());
    return lines.length > 1 ? lines.slice(1).join("; ") : lines[0];
  }
}
