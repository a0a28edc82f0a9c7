// The start data of a new store (or of a new state file): a named state, the demo data, or nothing.
import { fillWithNamedState } from "../core/start-from.js";
import { type SeedSummary, seed } from "../core/store/seed.js";
import type { PetstoreStore } from "../core/store/store.js";
import type { StartUpOptions } from "./start-up.js";

/** What the start data is, as the ready line states it. */
export type StartData =
  /** Loaded from the state file (its description is the `DurableState`'s). */
  | { readonly from: "state file" }
  | { readonly from: "named state"; readonly name: string; readonly seed: number }
  | { readonly from: "demo data"; readonly summary: SeedSummary }
  /** `--empty`. */
  | { readonly from: "nothing" }
  /** The caller's: a `store`, `sessions` or `initialState` given. */
  | { readonly from: "given" };

/** Puts the start data in `store` when called (for a state file: only when the file is new). */
export function startDataFiller(options: StartUpOptions, store: PetstoreStore): () => Promise<StartData> {
  const { namedState, demoData } = options;
  if (options.store || options.sessions || options.initialState !== undefined) {
    return async () => ({ from: "given" });
  }
  if (namedState !== undefined) {
    const { name, seed: prng = 1 } = typeof namedState === "object" ? namedState : { name: namedState };
    return async () => {
      await fillWithNamedState(store, namedState);
      return { from: "named state", name, seed: prng };
    };
  }
  if (demoData === null) {
    return async () => ({ from: "nothing" });
  }
  return async () => ({ from: "demo data", summary: await seed(store, demoData) });
}
