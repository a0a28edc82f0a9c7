// @ts-check
// Each record schema's properties in the order the document declares them: the order the mock stores and writes
// every record in (packages/mock's contract.recordFields), and the order petstore-verify capture writes them in
// (packages/verify/src/generated/record-fields.ts), so a captured backend served by the mock answers byte for byte.
import { at, document, inline } from "../document.js";
import { GENERATED_BY } from "./banner.js";

/** The record schemas: what the store holds and a snapshot lists. */
export const RECORDS = ["Pet", "Category", "Order", "InventoryItem"];

/**
 * @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml)
 * @returns {Record<string, string[]>} each record schema's property names, in the document's order
 */
export function recordFields(doc = document) {
  return Object.fromEntries(
    RECORDS.map((record) => [record, Object.keys(inline(at(`#/components/schemas/${record}`, doc), doc).properties)]),
  );
}

/** packages/verify/src/generated/record-fields.ts. @param {import("../document.js").Document} [doc] */
export function generateRecordFields(doc = document) {
  return `${GENERATED_BY}
/** Each record schema's properties, in the order the document declares them (and the mock writes them). */
export const RECORD_FIELDS = ${JSON.stringify(recordFields(doc), null, 2)} as const;
`;
}
