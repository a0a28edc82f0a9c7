import { expect, it } from "vitest";
import { createPetstoreStore, seed } from "../../src/index.js";

// Creates used to have no bound: a loop of them filled the heap until the process died and
// clients saw connection resets. The document now caps each collection (info.x-limits).
// The store's side of the caps; the behaviour suite through each adapter is create-past-the-cap-answers-507.test.ts
// (a file with a `describeEachAdapter` suite holds nothing else, since it runs in project `mock:process` too).

it("refuses caps that are not whole numbers up to the document's", () => {
  expect(() => createPetstoreStore({ limits: { maxPets: 100_001 } })).toThrow(
    "createPetstoreStore(): limits.maxPets must be a whole number from 0 to 100000 (got 100001)",
  );
  expect(() => createPetstoreStore({ limits: { maxOrders: -1 } })).toThrow(/limits.maxOrders/);
});

it("refuses to seed more pets than the store holds, and reports progress on large seeds", async () => {
  await expect(seed(createPetstoreStore({ limits: { maxPets: 5 } }), { pets: 6 })).rejects.toThrow(
    "seed(): 6 more pets do not fit in the store, which holds at most 5 (it has 0)",
  );
  const progress: [number, number][] = [];
  await seed(createPetstoreStore(), { pets: 10_000, onProgress: (done, total) => progress.push([done, total]) });
  expect(progress).toEqual([[10_000, 10_000]]);
});
