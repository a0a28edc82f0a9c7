// The start data of a new store (or of a state file): a named state, the demo data, or nothing; and the recipe a
// state file records of it, so that the start data is the same after a restart.
import type { SessionResetTarget } from "../core/sessions/types.js";
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

/**
 * How the options make the start data (`--seed N`, `--empty`, `--named-state NAME --seed S`), as a reset's body
 * says it; undefined when it is the caller's own (a `store`, `sessions` or `initialState`, or a demo data seed).
 */
export function startRecipeOf(options: StartUpOptions): SessionResetTarget | undefined {
  const { namedState, demoData } = options;
  if (options.store || options.sessions || options.initialState !== undefined) {
    return undefined;
  }
  if (namedState !== undefined) {
    const { name, seed: prng = 1 } = typeof namedState === "object" ? namedState : { name: namedState };
    return { namedState: name, seed: prng };
  }
  if (demoData === null) {
    return { empty: true };
  }
  // A pseudo-random seed of the demo data other than the default has no recipe: a reset's `seed` counts pets.
  return (demoData?.seed ?? 1) === 1 ? { seed: demoData?.pets ?? 20 } : undefined;
}

/** Puts the start data `recipe` makes in the empty `store`, as its baseline (the progress of `demoData` shown). */
export async function fillFromRecipe(
  store: PetstoreStore,
  recipe: SessionResetTarget,
  demoData: StartUpOptions["demoData"],
): Promise<StartData> {
  if ("namedState" in recipe) {
    await fillWithNamedState(store, { name: recipe.namedState, seed: recipe.seed ?? 1 });
    return { from: "named state", name: recipe.namedState, seed: recipe.seed ?? 1 };
  }
  if ("empty" in recipe) {
    return { from: "nothing" };
  }
  return { from: "demo data", summary: await seed(store, { ...demoData, pets: recipe.seed }) };
}

/** Puts the start data in `store` when called (for a state file: only when the file is new). */
export function startDataFiller(options: StartUpOptions, store: PetstoreStore): () => Promise<StartData> {
  const recipe = startRecipeOf(options);
  if (recipe) {
    return () => fillFromRecipe(store, recipe, options.demoData);
  }
  const { demoData } = options;
  if (options.store || options.sessions || options.initialState !== undefined) {
    return async () => ({ from: "given" });
  }
  return async () => ({ from: "demo data", summary: await seed(store, demoData ?? {}) });
}
