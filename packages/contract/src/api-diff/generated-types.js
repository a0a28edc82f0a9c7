// @ts-check
// The files the SDK's and the query package's types are generated into, as a document produces them: what the type
// check (type-check.js) lays over the packages' sources to compile consumer code against another document.
import { generateApiVersion } from "../generate/api-version.js";
import { generateQueryOperations } from "../generate/query-operations.js";
import { generateSchemaTypes } from "../generate/schema-types.js";
import { generateSdkOperations } from "../generate/sdk-operations.js";
import { generateSdkTags } from "../generate/sdk-tags.js";
import { twoCopyFile } from "../generate/two-copies.js";

/**
 * Each generated file that carries types, by its path from the repository's root.
 * @param {import("../document.js").Document} doc
 * @returns {Promise<Record<string, string>>}
 */
export async function generatedTypes(doc) {
  return {
    "packages/sdk/src/generated/schema.ts": twoCopyFile(await generateSchemaTypes(doc)),
    "packages/sdk/src/generated/operations.ts": generateSdkOperations(doc),
    "packages/sdk/src/generated/api-version.ts": generateApiVersion(doc),
    "packages/sdk/src/generated/tags.ts": generateSdkTags(doc),
    "packages/query/src/generated/operations.ts": generateQueryOperations(doc),
  };
}
