// Mock bugs found by this suite and not fixed yet. Each has a regression test under
// packages/mock/test/regressions/ (marked `it.fails` until the fix lands). While a bug is listed
// here, the fuzzers do not generate the input that shows it, so the rest of the suite keeps
// guarding everything else; delete the entry with the fix (and turn `it.fails` into `it`).
// `CONFORMANCE_KNOWN_BUGS=show` generates those inputs anyway.

export const knownBugs: Record<string, string> = {};

const shown = process.env.CONFORMANCE_KNOWN_BUGS === "show";

/** Whether the fuzzers should still avoid the input that shows this bug. */
export const avoids = (bug: string): boolean => !shown && bug in knownBugs;
