// @ts-check
// The SDK's src/generated/api-version.ts: the version of the API the SDK was generated from, the
// document's info.version (the interface's version; the package's own version is independent of it).
import { document } from "../document.js";
import { GENERATED_BY } from "./banner.js";

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateApiVersion(doc = document) {
  return `${GENERATED_BY}
/**
 * The version of the Petstore API (the OpenAPI document's \`info.version\`) this SDK was generated from.
 * It changes only when the API does; the package's own version is independent of it.
 */
export const PETSTORE_API_VERSION = ${JSON.stringify(String(doc.info.version))};
`;
}
