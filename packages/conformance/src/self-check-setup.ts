// Vitest set-up of the conformance project: the self-check of every response the mock in this
// process produces (see @petstore/contract/self-check), counted for the summary of global-setup.ts.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { installSelfCheck } from "@petstore/contract/self-check";
import { observeResponses } from "@petstore/mock";
import { afterAll, expect, inject } from "vitest";
import { countChecked, takeStats } from "./stats.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by the conformance suite's global set-up: where each test file leaves its counters. */
    conformanceStatsDir?: string;
  }
}

// Registered before the self-check's hooks so that it runs after them (vitest runs after-hooks as a
// stack): the counters then include the responses of the file's beforeAll/afterAll hooks.
afterAll(() => {
  const dir = inject("conformanceStatsDir");
  const counters = takeStats(expect.getState().testPath ?? "unknown");
  if (dir) {
    writeFileSync(
      join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`),
      JSON.stringify(counters),
    );
  }
});

installSelfCheck(observeResponses, { onChecked: countChecked });
