// The regression gate's rule (bench/lib/gate/verdict.mjs): `pnpm bench:smoke` fails CI only when a build's CPU per
// request is over 1.15× the previous build's AND every interleaved round is over 1.00×; either alone is noise.
import { expect, it } from "vitest";
import { regressed, WORSE } from "../bench/lib/gate/verdict.mjs";

it("fails a build whose every round is slower and whose median is over 1.15×", () => {
  expect(WORSE).toBe(1.15);
  expect(regressed([1.2, 1.31, 1.16, 1.4, 1.01])).toBe(true);
});

it("passes a build with one round at or under 1.00×, however slow the median", () => {
  expect(regressed([1.5, 1.6, 1.0, 1.7, 1.8])).toBe(false);
});

it("passes a build slower in every round by 15 % or less (the median), and a build with no rounds", () => {
  expect(regressed([1.15, 1.1, 1.3, 1.02, 1.4])).toBe(false);
  expect(regressed([])).toBe(false);
});
