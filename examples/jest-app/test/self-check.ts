// This workspace's self-check, as in the vitest example: every response the mock produces in these
// tests is checked against openapi/petstore.yaml, and a test whose responses break it fails.
// (A user's app has no @petstore/contract and needs none of this file.)
import { afterAll, afterEach } from "@jest/globals";
import { checkExchange, formatViolation } from "@petstore/contract/checker";
import { observeResponses } from "@petstore/mock";

const violations: string[] = [];
const stop = observeResponses(({ request, response }) => {
  const headers = new Map(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const found = checkExchange({
    method: request.method,
    path: request.path,
    query: request.query,
    baseUrl: request.baseUrl,
    status: response.status,
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    body: response.body,
    operationId: response.operationId ?? null,
  });
  violations.push(...found.map(formatViolation));
});

function assertNoViolations(when: string) {
  const found = violations.splice(0);
  if (found.length > 0) {
    throw new Error(
      `self-check: ${when} the mock sent ${found.length} response(s) that openapi/petstore.yaml does not allow:\n  ${found.join("\n  ")}`,
    );
  }
}

afterEach(() => assertNoViolations("during this test"));
afterAll(() => {
  stop();
  assertNoViolations("in a beforeAll/afterAll hook,");
});
