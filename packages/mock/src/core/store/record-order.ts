// Every record in the document's property order (`contract.recordFields`, generated from openapi/petstore.yaml),
// whatever made it: a seed, a create, an update, a snapshot or a state file. The store applies it where records
// enter a table, and the snapshot where records leave one, so every answer and every file is byte for byte the same.
import { contract } from "../generated/contract.js";

/** A record schema of the document, by name. */
export type RecordSchema = keyof typeof contract.recordFields;

/**
 * A copy of `record` with the document's properties first, in its order; any other (which the schema refuses) after.
 * `key`: a field of the document's set to `value` whatever the record holds (a table's key), without copying the
 * record first.
 */
export function inDocumentOrder<T extends object>(
  record: object,
  schema: RecordSchema,
  key?: { readonly field: string; readonly value: unknown },
): T {
  const fields: readonly string[] = contract.recordFields[schema];
  const source = record as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === key?.field) {
      ordered[field] = key.value;
    } else if (Object.hasOwn(source, field)) {
      ordered[field] = source[field];
    }
  }
  for (const field in source) {
    if (Object.hasOwn(source, field) && !Object.hasOwn(ordered, field)) {
      ordered[field] = source[field];
    }
  }
  return ordered as T;
}

/** Puts the stored `record`'s properties back in the document's order, in place (after an update added one). */
export function reorderInPlace(record: object, schema: RecordSchema): void {
  const target = record as Record<string, unknown>;
  for (const field of contract.recordFields[schema] as readonly string[]) {
    if (Object.hasOwn(target, field)) {
      const value = target[field];
      delete target[field];
      target[field] = value;
    }
  }
}
