// The names of the named states, apart from their records (named-states.ts), which the mock loads only when
// one is asked for: checking a name costs an app nothing more.
import type { components } from "../generated/control/schema.js";
import { closestName } from "../generated/did-you-mean.js";
import { quoted } from "../http/quoted.js";

/** The names of the named states, in the order the docs list them. */
export const NAMED_STATES = [
  "demo",
  "empty",
  "long-text",
  "sold-out",
  "category-in-use",
  "many",
  "busy-orders",
] as const;

/** The name of a named state. */
export type NamedState = (typeof NAMED_STATES)[number];

/** The names control.yaml's ResetTarget enumerates. */
type DocumentedNames = Extract<components["schemas"]["ResetTarget"], { namedState: unknown }>["namedState"];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The list is the order the docs give; this fails to compile when it and the document's enum part.
const namesAgree: Same<NamedState, DocumentedNames> = true;
void namesAgree;

/** Whether `name` is one of `NAMED_STATES`. */
export const isNamedState = (name: unknown): name is NamedState => NAMED_STATES.includes(name as NamedState);

/** Throws a TypeError for a name that is not a state's, with the nearest one and every one. */
export function assertNamedState(name: unknown, what = "a named state"): asserts name is NamedState {
  if (isNamedState(name)) {
    return;
  }
  const guess = typeof name === "string" ? closestName(name, NAMED_STATES) : undefined;
  throw new TypeError(
    `${quoted(name)} is not ${what}${guess ? ` (did you mean ${guess}?)` : ""}; the named states are ${NAMED_STATES.join(", ")}`,
  );
}

/** The largest seed of a named state's pseudo-random choices: its generator (mulberry32) keeps 32 bits. */
export const MAX_STATE_SEED = 0xffff_ffff;

/** Throws a TypeError for a seed that is not a whole number from 0 to `MAX_STATE_SEED`. */
export function assertStateSeed(seed: unknown, what: string): asserts seed is number | undefined {
  if (seed !== undefined && !(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= MAX_STATE_SEED)) {
    throw new TypeError(`${what}: seed must be a whole number from 0 to ${MAX_STATE_SEED} (got ${seed})`);
  }
}
