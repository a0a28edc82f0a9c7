// Property-based fuzzing of single requests: valid and invalid requests for every operation,
// generated from the document's schemas, against the in-memory fetch and the node:http server.

import { operations } from "@petstore/contract";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { chaosRequest, invalidRequest } from "../src/fuzzing/invalid-requests.js";
import { judge } from "../src/fuzzing/judge.js";
import type { FuzzRequest } from "../src/fuzzing/request.js";
import { parameters, seedLine } from "../src/fuzzing/run.js";
import { unknownRouteRequest } from "../src/fuzzing/unknown-routes.js";
import { validRequest } from "../src/fuzzing/valid-requests.js";
import { httpTarget, inMemoryTarget, type MockTarget } from "../src/targets/mocks.js";

const perOperation = (make: (operation: (typeof operations)[number]) => fc.Arbitrary<FuzzRequest>) =>
  fc.oneof(...operations.map(make));

const anyRequest = fc.oneof(
  { weight: 4, arbitrary: perOperation(validRequest) },
  { weight: 5, arbitrary: perOperation(invalidRequest) },
  { weight: 1, arbitrary: perOperation(chaosRequest) },
  { weight: 1, arbitrary: unknownRouteRequest },
);

interface Tally {
  requests: number;
  outcomes: Map<string, number>;
  ms: number;
}

const targets: [string, () => Promise<MockTarget>, number][] = [
  ["in-memory fetch", () => inMemoryTarget({ pets: 12 }), 600],
  ["node:http server", () => httpTarget({ pets: 12 }), 180],
];

console.log(seedLine("fuzz-requests"));

describe.each(targets)("single requests through the %s", (name, makeTarget, runs) => {
  const tally: Tally = { requests: 0, outcomes: new Map(), ms: 0 };
  afterAll(() => {
    const summary = [...tally.outcomes].sort().map(([key, count]) => `${key}×${count}`);
    console.log(
      `[fuzz-requests] ${name}: ${tally.requests} requests in ${(tally.ms / 1000).toFixed(1)} s; ${summary.join(", ")}`,
    );
  });

  it("accepts every valid request, refuses every invalid one with the documented error, and never answers 5xx", async () => {
    const target = await makeTarget();
    const started = performance.now();
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(anyRequest, { minLength: 1, maxLength: 12 }), async (requests) => {
          await target.store.reset();
          for (const request of requests) {
            const response = await target.send(request);
            tally.requests++;
            const kind = request.expect.kind === "error" ? `${request.expect.status}` : request.expect.kind;
            const key = `${kind}→${response.status}`;
            tally.outcomes.set(key, (tally.outcomes.get(key) ?? 0) + 1);
            judge(request, response);
          }
        }),
        parameters(runs),
      );
    } finally {
      tally.ms = performance.now() - started;
      await target.close();
    }
    expect(tally.requests).toBeGreaterThan(runs);
  }, 300_000); // generous: shrinking a failure re-runs many sequences
});
