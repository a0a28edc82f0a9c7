import { document } from "@petstore/contract";
import { expect, it } from "vitest";
import { PETSTORE_API_VERSION } from "../src/index.js";

it("exports the version of the API it was generated from: the document's info.version, not the package's", () => {
  expect(PETSTORE_API_VERSION).toBe(String(document.info.version));
});
