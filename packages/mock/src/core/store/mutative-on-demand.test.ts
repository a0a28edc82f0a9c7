// In-process unit test of mutative loaded on first use, as the build hands it to @msw/data (project `mock`).
import { create as mutativeCreate } from "mutative";
import { expect, it } from "vitest";
import { apply, create } from "./mutative-on-demand.js";

it("answers @msw/data's update as mutative does: create loads it, apply then undoes with the inverse patches", async () => {
  expect(() => apply({ name: "Rex" }, [])).toThrow(/apply before its create/);
  const base = { name: "Rex", tags: ["a"] };
  const recipe = (draft: typeof base) => {
    draft.name = "Max";
    draft.tags.push("b");
  };
  const options = { strict: false, enablePatches: true } as const;
  const [next, patches, inverse] = await create(base, recipe, options);
  expect([next, patches, inverse]).toEqual(mutativeCreate(base, recipe, options));
  expect(apply(next, inverse)).toEqual(base);
  expect(base).toEqual({ name: "Rex", tags: ["a"] });
});
