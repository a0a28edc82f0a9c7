import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { takeViolations } from "@petstore/contract/self-check";
import { expect, it } from "vitest";
import { clientOverMock } from "./support.js";

// test/setup.ts hands the self-check the observer of `@petstore/mock`, which these tests resolve to
// the mock's source (the `@petstore/source` condition of vitest.config.ts): a response that breaks the document is seen.
it("the self-check sees every response of the mock the SDK's tests call", async () => {
  const { client, store } = clientOverMock();
  await client.GET("/pets/{petId}", { params: { path: { petId: 1 } } }); // the demo data is in once this answers
  // Corrupt a stored record behind the store's back, as a buggy operation would.
  (store.pets.get(1) as unknown as Record<string, unknown>).id = "1";
  await client.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
  expect(await takeViolations()).toEqual([
    "getPet GET /pets/1 → 200: body/id must be integer [#/components/schemas/Id/type]",
  ]);
});

// Unit tests need no build: were `@petstore/mock` the built copy, this would compare two modules.
it("the SDK's tests use the mock's source, not its build", async () => {
  const used = await import("@petstore/mock");
  // The file the mock's `exports` name for the source condition, found from its package.json.
  const manifest = createRequire(import.meta.url).resolve("@petstore/mock/package.json");
  const entry: string = JSON.parse(readFileSync(manifest, "utf8")).exports["."]["@petstore/source"];
  const source = await import(new URL(entry, pathToFileURL(manifest)).href);
  expect(used.createPetstoreFetch).toBe(source.createPetstoreFetch);
});
