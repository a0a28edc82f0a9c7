// @ts-check
// The inspector's operation table (packages/mock/src/devtools/generated/operations.ts): what the panel may offer for
// each operation — exactly the error statuses and codes the document lists — and, for each write, the reads its
// `x-affects` names. Compact (one array per operation), since it counts against the panel's size budget.
import { controlDocument } from "../control.js";
import { document, inline } from "../document.js";
import { errorStatuses, readOperations, successStatus } from "../operations.js";
import { GENERATED_BY } from "./banner.js";

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateDevtoolsOperations(doc = document) {
  const rows = readOperations(doc).map((operation) => [
    operation.operationId,
    operation.method,
    operation.path,
    operation.tag,
    operation.summary,
    successStatus(operation),
    Object.fromEntries(errorStatuses(operation).map((status) => [status, operation.errorCodes[status] ?? []])),
    [...new Set(operation.affects.map(({ operationId }) => operationId))],
  ]);
  return `${GENERATED_BY}
/**
 * Each collection of a snapshot (control.yaml's Snapshot): its records' fields, each \`[name, type, required, enum?]\`
 * (type \`integer\`, \`string\` or \`boolean\`), which the state tables show and edit.
 */
export const snapshotCollections = ${JSON.stringify(snapshotCollections())} as const;

/** The named states a session can be reset to (control.yaml's ResetTarget). */
export const namedStates = ${JSON.stringify(namedStates())} as const;

/**
 * Each operation: id, method, path, tag, summary, success status, its documented error statuses with their codes, and
 * the reads a success can change (\`x-affects\`, empty for reads).
 */
export const operationRows = ${JSON.stringify(rows)} as const;
`;
}

/** The record fields of every array of control.yaml's Snapshot, in document order. */
function snapshotCollections() {
  const snapshot = inline(controlDocument.components.schemas.Snapshot, controlDocument);
  /** @type {Record<string, unknown[][]>} */
  const collections = {};
  for (const [name, property] of Object.entries(snapshot.properties)) {
    if (property.type !== "array") {
      continue;
    }
    const item = property.items;
    const required = new Set(item.required ?? []);
    collections[name] = Object.entries(item.properties).map(([field, schema]) => [
      field,
      schema.type,
      required.has(field),
      ...(schema.enum ? [schema.enum] : []),
    ]);
  }
  return collections;
}

/** The enumeration of \`namedState\` in control.yaml's ResetTarget. */
function namedStates() {
  const target = inline(controlDocument.components.schemas.ResetTarget, controlDocument);
  const shapes = /** @type {{ properties?: { namedState?: { enum?: string[] } } }[]} */ (target.oneOf ?? []);
  const names = shapes.map((shape) => shape.properties?.namedState?.enum).find(Array.isArray);
  if (!names) {
    throw new Error("control.yaml: ResetTarget has no shape whose namedState is an enumeration");
  }
  return names;
}
