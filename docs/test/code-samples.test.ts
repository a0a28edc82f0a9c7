// Proves that scripts/run-code-samples.mjs really fails a broken sample, so `pnpm test:samples` cannot pass silently.

import { operations } from "@petstore/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPrerequisites, loadSamples, runSample, startSampleMock } from "../../scripts/run-code-samples.mjs";

type Sample = {
  operationId: string;
  method: string;
  path: string;
  lang: string;
  label: string;
  source: string;
  successStatuses: number[];
};

const { samples, problems } = loadSamples() as { samples: Sample[]; problems: string[] };
const listPets = samples.filter((sample) => sample.operationId === "listPets");

function pick(lang: string): Sample {
  const sample = listPets.find((s) => s.lang === lang);
  if (!sample) {
    throw new Error(`listPets has no ${lang} sample`);
  }
  return sample;
}

/** Runs a sample on a fresh mock, after checking that its language can run here at all. */
async function run(sample: Sample) {
  const missing = checkPrerequisites([sample]);
  if (missing.length > 0) {
    throw new Error(`cannot run the ${sample.lang} sample: ${missing.join("; ")}`);
  }
  return runSample(sample);
}

/** A copy of the sample that asks for /petz instead of /pets. */
function withWrongPath(sample: Sample): Sample {
  const source = sample.source.replaceAll('/pets"', '/petz"').replaceAll("/pets?", "/petz?");
  expect(source).not.toBe(sample.source);
  return { ...sample, source };
}

describe("code samples", () => {
  it("has a cURL, a JavaScript and a Python sample for every operation", () => {
    expect(problems).toEqual([]);
    expect(samples).toHaveLength(operations.length * 3);
    for (const op of operations) {
      const langs = samples.filter((s) => s.operationId === op.operationId).map((s) => s.lang);
      expect(langs.sort(), op.operationId).toEqual(["JavaScript", "Python", "Shell"]);
    }
  });

  describe.each(["Shell", "JavaScript", "Python"])("a %s sample", (lang) => {
    it("passes as written", async () => {
      const result = await run(pick(lang));
      expect(result.problems).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.requests).toEqual([expect.objectContaining({ operationId: "listPets", status: 200 })]);
    });

    it("fails when its path is wrong, naming the request and the expected status", async () => {
      const result = await run(withWrongPath(pick(lang)));
      expect(result.ok).toBe(false);
      expect(result.problems.join("\n")).toMatch(
        /GET \/petz\S* was answered 404 by no operation \(expected listPets answering 200\)/,
      );
    });
  });

  it("fails a sample that exits 0 after calling another operation", async () => {
    const sample = pick("Shell");
    const result = await run({ ...sample, source: sample.source.replace("/pets?status=available&", "/categories?") });
    expect(result.exitCode).toBe(0);
    expect(result.ok).toBe(false);
    expect(result.problems.join("\n")).toContain("answered 200 by listCategories (expected listPets answering 200)");
  });

  it("fails a sample that exits non-zero without calling the mock", async () => {
    const result = await run({ ...pick("Shell"), source: "exit 3\n" });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      "exited with code 3 (expected 0)",
      "made no request to the mock (expected GET /pets answered 200)",
    ]);
  });

  describe("on one mock for several samples, as `pnpm test:samples` runs them", () => {
    let mock: Awaited<ReturnType<typeof startSampleMock>>;
    beforeAll(async () => {
      mock = await startSampleMock();
    });
    afterAll(() => mock?.stop());
    const byId = (operationId: string) =>
      samples.find((sample) => sample.operationId === operationId && sample.lang === "Shell") as Sample;

    it("gives each sample the demo data a fresh mock has: the pet a sample deleted is back for the next", async () => {
      for (const operationId of ["deletePet", "getPet", "deletePet"]) {
        const result = await runSample(byId(operationId), { mock });
        expect(result.problems, operationId).toEqual([]);
        expect(result.requests, operationId).toHaveLength(1);
      }
    });

    it("counts only the sample's own requests, not the resets around it", async () => {
      const result = await runSample({ ...pick("Shell"), source: "exit 0\n" }, { mock });
      expect(result.problems).toEqual(["made no request to the mock (expected GET /pets answered 200)"]);
    });
  });
});
