// The document as the panel knows it: each operation's documented outcomes and what a write affects, and each
// snapshot collection's fields (read from the generated tables, never written here).
import { operationRows, snapshotCollections } from "./generated/operations.js";

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  successStatus: number;
  /** Each documented error status with its codes, in the document's order. */
  errors: [status: number, codes: readonly string[]][];
  /** The reads a success can change (`x-affects`); empty for reads. */
  affects: readonly string[];
}

export const catalogue: OperationEntry[] = operationRows.map(
  ([operationId, method, path, tag, summary, successStatus, errors, affects]) => ({
    operationId,
    method,
    path,
    tag,
    summary,
    successStatus,
    errors: Object.entries(errors as Record<string, readonly string[]>).map(([status, codes]) => [
      Number(status),
      codes,
    ]),
    affects,
  }),
);

export const operationById = new Map(catalogue.map((entry) => [entry.operationId, entry]));

export type CollectionName = keyof typeof snapshotCollections;

export interface FieldSpec {
  name: string;
  type: "integer" | "string" | "boolean";
  required: boolean;
  values: readonly string[] | undefined;
}

export const collections = Object.fromEntries(
  Object.entries(snapshotCollections).map(([name, fields]) => [
    name,
    (fields as readonly (readonly unknown[])[]).map(
      ([field, type, required, values]): FieldSpec => ({
        name: field as string,
        type: type as FieldSpec["type"],
        required: required as boolean,
        values: values as readonly string[] | undefined,
      }),
    ),
  ]),
) as Record<CollectionName, FieldSpec[]>;

export const collectionNames = Object.keys(snapshotCollections) as CollectionName[];
