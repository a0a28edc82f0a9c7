// Vitest set-up file: checks every response any Petstore mock in the test process produces (through
// any adapter) against openapi/petstore.yaml, and fails the test that produced a violation with the
// operation, the status and the document rule that broke. Add it to a project's `setupFiles`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { observeResponses } from "@petstore/mock";
import { afterAll, afterEach, expect, inject } from "vitest";
import { assertNoViolations, selfCheckObserver } from "./self-check.js";
import { takeStats } from "./stats.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by the conformance suite's global set-up: where each test file leaves its counters. */
    conformanceStatsDir?: string;
  }
}

const stop = observeResponses(selfCheckObserver);

afterEach(() => assertNoViolations("during this test"));

afterAll(async () => {
  stop();
  await assertNoViolations("in a beforeAll/afterAll hook,");
  const dir = inject("conformanceStatsDir");
  const file = expect.getState().testPath ?? "unknown";
  const counters = takeStats(file);
  if (dir) {
    writeFileSync(
      join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`),
      JSON.stringify(counters),
    );
  }
});
