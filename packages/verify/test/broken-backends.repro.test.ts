// Every single-defect backend of support/broken-backends.ts, caught by a run, gets reproductions a user can
// paste: each finding's curl lines, run in bash against the kind's backend over HTTP, show the defect (the
// last answer differs from the right mock's), and no call can be left out with the defect still showing.
// One run per kind, in process, at `--steps 1` (the tour exercises every rule on every run; the seed sweeps
// prove the seed does not matter); one backend over HTTP for the whole file, its breakage switched per kind.
import { afterAll, describe, expect, it } from "vitest";
import { type BrokenBackendKind, brokenBackendKinds, verifyBroken } from "./support/broken-backends.js";
import { reproductionsInBash } from "./support/repro-bash.js";

const reproductions = reproductionsInBash();
afterAll(() => reproductions.close());

/**
 * Kinds left out, each for a defect of the verifier's reproductions (issue 49), seen at seed 1, `--steps 1`:
 * - create-answers-200, pet-field-renamed: a finding on a write's answer (createPet → 200; a Pet's renamed
 *   field) is placed in the read after it (`document.status`/`document.body in getInventoryItem`), and its
 *   steps end in that read, not the write: in bash both sides answer alike. pet-field-renamed also gets
 *   findings that follow from the one defect (`model.invariant in the state read back`, `model.record in
 *   deleteCategory` 409 CATEGORY_IN_USE: the model lost the pets' category), which do not show in bash.
 * - x-affects-undeclared: a second finding, `model.record in the state read back`, of the renamed pet the
 *   x-affects finding already names: not folded into it, and its reads do not show it in bash.
 */
const NOT_YET_MINIMAL = new Set(["create-answers-200", "pet-field-renamed", "x-affects-undeclared"]);

describe("each single-defect backend's findings reproduce in bash, each call needed", () => {
  it("leaves out only kinds that exist", () => {
    const names = brokenBackendKinds.map((kind) => kind.name);
    expect([...NOT_YET_MINIMAL].filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(
    brokenBackendKinds.filter((kind) => !NOT_YET_MINIMAL.has(kind.name)).map((kind) => [kind.name, kind] as const),
  )(
    "%s",
    async (name, kind: BrokenBackendKind) => {
      const report = await verifyBroken([kind], { seed: 1, steps: 1 });
      // Caught, so the check below has reproductions to run.
      const checks = report.findings.map((finding) => finding.check);
      expect(
        checks.filter((check) => kind.caughtBy.includes(check)),
        `${name}: ${checks.join(", ")}`,
      ).not.toEqual([]);
      const tried = await reproductions.tryAll(kind, report);
      expect(tried).toEqual(tried.map(({ finding }) => ({ finding, shows: true, needless: [] })));
    },
    60_000,
  );
});
