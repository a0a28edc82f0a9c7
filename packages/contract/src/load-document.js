// @ts-check
// Parses an OpenAPI document from a file: openapi/petstore.yaml (document-source.js) or a test's fixture.
import { readFileSync } from "node:fs";
import { parse } from "yaml";

/**
 * @param {string} path
 * @returns {import("./document.js").Document}
 */
export function loadDocument(path) {
  return parse(readFileSync(path, "utf8"));
}
