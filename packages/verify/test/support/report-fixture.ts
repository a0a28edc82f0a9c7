// A report as a run against a broken backend returns it: one finding over two calls, whose request
// body holds the characters a shell or XML would interpret, and a leftover record.
import type { Exchange, VerifyReport } from "../../src/report.js";

export const FIXTURE_KEY = "s3cret-key-42";
export const FIXTURE_BASE_URL = "http://127.0.0.1:4010";

/** The body of the create call: quotes of both kinds, `$`, a backslash, `&` and `<`, and a line break. */
export const AWKWARD_NAME = `Rex "the $HOME" O'Brien \\ & <dog>\n$(rm -rf /) \`id\``;

export const createPetExchange: Exchange = {
  method: "POST",
  url: `${FIXTURE_BASE_URL}/pets?note=a%20b&x=$y`,
  headers: {
    authorization: `Bearer ${FIXTURE_KEY}`,
    "content-type": "application/json",
    "content-length": "99",
  },
  body: JSON.stringify({ name: AWKWARD_NAME, categoryId: 1 }),
  response: {
    status: 201,
    headers: { "content-type": "application/json", location: `${FIXTURE_BASE_URL}/pets/7` },
    body: JSON.stringify({ id: 7, name: AWKWARD_NAME, categoryId: 1, status: "available" }),
  },
};

export const getPetExchange: Exchange = {
  method: "GET",
  url: `${FIXTURE_BASE_URL}/pets/7`,
  headers: { authorization: `Bearer ${FIXTURE_KEY}` },
  response: {
    status: 500,
    headers: { "content-type": "application/json", "x-powered-by": "express", "retry-after": "5" },
    body: '{"code":"INTERNAL_ERROR","message":"boom \u0001 <oops> & more","status":500}',
  },
};

/** A new report each call, nothing shared with another (a test may change its exchanges, as text.test.ts does). */
export function reportWith(overrides: Partial<VerifyReport> = {}): VerifyReport {
  return structuredClone({
    baseUrl: FIXTURE_BASE_URL,
    seed: 123,
    runId: "r1a2b3",
    readOnly: false,
    durationMs: 12_345,
    requests: 3,
    requestsByMethod: { GET: 2, POST: 1 },
    operationsCovered: ["createPet", "getPet"],
    operationsNotCovered: ["listPets"],
    checks: { run: 40, failed: 1 },
    findings: [
      {
        check: "document.status",
        message: `GET /pets/7 answered 500, which getPet does not document for a pet the run created; key ${FIXTURE_KEY} was valid.`,
        steps: [createPetExchange, getPetExchange],
        expected: "200 with the pet as created (Pet schema)",
        received: "500 INTERNAL_ERROR",
        rule: "the status is one the operation documents",
        where: "getPet",
        request: "GET /pets/7",
        occurrences: 1,
        foundBy: "sequence",
        cleanup: [{ method: "DELETE", url: `${FIXTURE_BASE_URL}/pets/7` }],
        leaves: [],
      },
    ],
    leftovers: [{ path: "/pets/7", reason: "DELETE /pets/7 answered 500" }],
    ledger: [{ path: "/pets/7", created: true, changes: 0, deleted: false }],
    stoppedEarly: false,
    ...overrides,
  });
}
