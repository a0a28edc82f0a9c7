// Shared by the regression tests of bugs the conformance suite (packages/conformance) found.
import { takeViolations } from "@petstore/contract/self-check";

/**
 * Runs `body`, then fails with every response it made the mock send that openapi/petstore.yaml does
 * not allow (the self-check's findings), so a regression test owns its violations: under `it.fails`
 * they do not leak into the set-up file's `afterEach`.
 */
export async function withSelfCheck(body: () => Promise<void>): Promise<void> {
  let violations: string[] = [];
  try {
    await body();
  } finally {
    violations = await takeViolations();
  }
  if (violations.length) {
    throw new Error(`the mock sent responses the document does not allow:\n  ${violations.join("\n  ")}`);
  }
}
