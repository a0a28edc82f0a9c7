// Property: on bodies fuzzed from the document (valid ones and ones broken in one way, by the
// conformance suite's generators), each form schema of @petstore/sdk/schemas and the mock give
// the same verdict: valid ↔ the mock does not answer 400; invalid ↔ 400 with the first issue's message.

import { invalidBodies } from "@petstore/conformance/fuzzing/invalid-bodies";
import { baseOf, breaker, build, type FuzzRequest } from "@petstore/conformance/fuzzing/request";
import { parameters } from "@petstore/conformance/fuzzing/run";
import { type DocOperation, operations } from "@petstore/contract";
import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestBodySchemas } from "../src/schemas.js";
import { BASE_URL } from "./support.js";

/** The codes of a body that is JSON but breaks its schema: what a form schema judges. */
const SCHEMA_CODES = new Set(["INVALID_BODY", "MISSING_FIELD", "INVALID_FIELD", "UNKNOWN_FIELD"]);

/** Valid requests of the operation, and requests whose JSON body breaks the schema in one way. */
function fuzzedBodies(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  const base = baseOf(operation);
  const valid = base.map((b) => build(operation, b, "valid body", { kind: "valid" }));
  const invalid = fc
    .oneof(...invalidBodies(operation, breaker(operation, base)))
    .filter(({ expect }) => expect.kind === "error" && expect.codes.every((code) => SCHEMA_CODES.has(code)));
  return fc.oneof(valid, invalid);
}

const withBodies = operations.filter((operation) => operation.body);

describe("the form schemas and the mock agree on every fuzzed body", () => {
  it.each(withBodies.map((operation) => [operation.operationId, operation] as const))(
    "%s",
    async (operationId, operation) => {
      const schema = requestBodySchemas[operationId as keyof typeof requestBodySchemas]["~standard"];
      const mock = createPetstoreFetch({ baseUrl: BASE_URL });
      const verdicts = { valid: 0, invalid: 0 };
      await fc.assert(
        fc.asyncProperty(fuzzedBodies(operation), async (request) => {
          const body = JSON.parse(request.body as string);
          const result = schema.validate(body);
          if (result instanceof Promise) {
            throw new Error("validate returned a Promise");
          }
          const response = await mock(`${BASE_URL}${request.url}`, {
            method: request.method,
            headers: { ...request.headers, Authorization: `Bearer ${DEMO_API_KEY}` },
            body: request.body as string,
          });
          const answer = (await response.json()) as { message?: string } | null;
          const what = `${request.mutation}: ${request.body}`;
          if (result.issues) {
            verdicts.invalid++;
            expect(response.status, what).toBe(400);
            expect(result.issues[0]?.message, what).toBe(answer?.message);
            const paths = result.issues.map((issue) => JSON.stringify(issue.path));
            expect(new Set(paths).size, `one issue per field: ${what}`).toBe(paths.length);
          } else {
            verdicts.valid++;
            expect(result.value, what).toBe(body);
            expect(response.status, `${what} → ${answer?.message}`).not.toBe(400);
            expect(response.status, `${what} → ${answer?.message}`).toBeLessThan(500);
          }
          // The conformance generators' own verdict: the schema agrees with the document too.
          expect(Boolean(result.issues), what).toBe(request.expect.kind === "error");
        }),
        parameters(120),
      );
      expect(verdicts.valid).toBeGreaterThan(0);
      expect(verdicts.invalid).toBeGreaterThan(0);
    },
    // 120 fuzzed bodies each; the first also pays for loading the mock, seconds on a loaded machine.
    30_000,
  );
});
