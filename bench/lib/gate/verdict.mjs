// The gate's rule (bench/gate.mjs): when a build's CPU per request counts as a regression of the baseline's.
import { median } from "../common.mjs";

/** A target regresses past this median ratio of CPU per request, when no round is at or under 1.00×. */
export const WORSE = 1.15;

/**
 * Whether per-round ratios (this build / baseline) regress: the median over WORSE AND the range above 1.00×.
 * Either alone is load on a shared machine as often as a slower build: a burst in one round moves the median of
 * few rounds, and the range of identical builds leaves 1.00× in about one run in 2^rounds.
 */
export function regressed(ratios) {
  return ratios.length > 0 && median(ratios) > WORSE && Math.min(...ratios) > 1;
}

/**
 * Whether the first rounds (`ratios`) of `count` already decide that the target passes, whatever the rounds still
 * to come measure: one round at or under 1.00× (so not every round is over it), or more than half of `count` rounds
 * at or under WORSE (so the median is too). The smoke run stops measuring a target there: the verdict is the one all
 * `count` rounds would give; only a target that may still regress is measured to the last round.
 */
export function settled(ratios, count) {
  const notWorse = ratios.filter((ratio) => ratio <= WORSE).length;
  return ratios.some((ratio) => ratio <= 1) || notWorse > count / 2;
}
