import { DEMO_API_KEY } from "@petstore/mock";
import { expect, it } from "vitest";
import { verify } from "../../src/index.js";
import { brokenBackendFetch, brokenBackendKind } from "../support/broken-backends.js";

// Issue 49: against a backend whose lists answer what they answered first, the clean-up deleted only the
// records its (stale) read of the state listed: the run's own category and pets stayed, and the next
// exercise's category of the same name was refused (409 DUPLICATE_NAME), a finding of the verifier's own
// making. It now deletes every record it made, listed or not.
it("deletes the records it made that a stale list does not show, and reports only the stale list", async () => {
  const backend = await brokenBackendFetch(brokenBackendKind("stale-list"));
  const before = backend.store.snapshot();
  const report = await verify({
    baseUrl: backend.baseUrl,
    apiKey: DEMO_API_KEY,
    rate: 1_000_000,
    fetch: backend.fetch as typeof fetch,
    seed: 1,
    steps: 1,
  });
  expect(report.findings.map((finding) => `${finding.check} in ${finding.where}`)).toEqual([
    "model.paging in listPets",
  ]);
  const after = backend.store.snapshot();
  expect(after.pets.records).toEqual(before.pets.records);
  expect(after.categories.records).toEqual(before.categories.records);
  expect(after.orders.records.filter((order) => !order.complete)).toEqual(
    before.orders.records.filter((order) => !order.complete),
  );
});
