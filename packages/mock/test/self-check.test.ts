import { takeViolations } from "@petstore/contract/self-check";
import { expect, it } from "vitest";
import { createPetstoreFetch, DEMO_API_KEY } from "../src/index.js";

// test/setup.ts hands the self-check the observer of the mock's source, the same module these
// tests use: a response of the source that breaks the document is seen.
it("the self-check sees every response of the mock's source", async () => {
  const petstoreFetch = createPetstoreFetch({ baseUrl: "http://127.0.0.1:4010" });
  const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };
  await petstoreFetch("http://127.0.0.1:4010/pets/1", { headers }); // the demo data is in once this answers
  // Corrupt a stored record behind the store's back, as a buggy operation would.
  (petstoreFetch.store.pets.get(1) as unknown as Record<string, unknown>).id = "1";
  await petstoreFetch("http://127.0.0.1:4010/pets/1", { headers });
  expect(await takeViolations()).toEqual([
    "getPet GET /pets/1 → 200: body/id must be integer [#/components/schemas/Id/type]",
  ]);
});
