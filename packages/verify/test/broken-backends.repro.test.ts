// Every single-defect backend of support/broken-backends.ts, caught by a run, gets reproductions a user can
// paste: each finding's curl lines, run in bash against the kind's backend over HTTP, show the defect (the
// last answer differs from the right mock's), and no call can be left out with the defect still showing;
// and the one defect is one finding (its other symptoms folded in, issue 49).
// One run per kind, in process, at `--steps 1` (the tour exercises every rule on every run; the seed sweeps
// prove the seed does not matter); one backend over HTTP for the whole file, its breakage switched per kind.
import { afterAll, describe, expect, it } from "vitest";
import { type BrokenBackendKind, brokenBackendKinds, verifyBroken } from "./support/broken-backends.js";
import { reproductionsInBash } from "./support/repro-bash.js";

const reproductions = reproductionsInBash();
afterAll(() => reproductions.close());

/**
 * The kinds whose breakage is more than one defect, with the findings a run reports for it: every other
 * kind's one defect is one finding, its other symptoms folded in.
 * - delete-does-not-delete: deletePet and deleteCategory each answer 204 and keep their record. Two facts a
 *   user fixes in two handlers (a backend with only one of them broken has one finding): folding them would
 *   hide the second behind the first.
 */
const FINDINGS_OF_KIND: Record<string, string[]> = {
  "delete-does-not-delete": ["model.not-found in getPet", "model.not-found in getCategory"],
};

describe("each single-defect backend's findings reproduce in bash, each call needed", () => {
  it("leaves out only kinds that exist", () => {
    const names = brokenBackendKinds.map((kind) => kind.name);
    expect(Object.keys(FINDINGS_OF_KIND).filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(brokenBackendKinds.map((kind) => [kind.name, kind] as const))(
    "%s",
    async (name, kind: BrokenBackendKind) => {
      const report = await verifyBroken([kind], { seed: 1, steps: 1 });
      // Caught, so the check below has reproductions to run.
      const checks = report.findings.map((finding) => finding.check);
      expect(
        checks.filter((check) => kind.caughtBy.includes(check)),
        `${name}: ${checks.join(", ")}`,
      ).not.toEqual([]);
      const found = report.findings.map((finding) => `${finding.check} in ${finding.where}`);
      if (FINDINGS_OF_KIND[name]) {
        expect(found).toEqual(FINDINGS_OF_KIND[name]);
      } else {
        expect(found).toHaveLength(1);
      }
      const tried = await reproductions.tryAll(kind, report);
      expect(tried).toEqual(tried.map(({ finding }) => ({ finding, shows: true, needless: [] })));
    },
    60_000,
  );
});
