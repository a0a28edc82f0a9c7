// The table the x-affects check holds writes to: the document's, or one with an entry taken out
// (a table the check must reject, to show that it can fail).

import { operations } from "@petstore/contract";

/** Each operation's `x-affects` (an empty list for reads), by operationId. */
/** One entry of a write's `x-affects`: a read it changes, and its path parameters as expressions on the write. */
export interface AffectEntry {
  operationId: string;
  parameters: Record<string, string>;
}

export type AffectsTable = ReadonlyMap<string, readonly AffectEntry[]>;

/** The document's `x-affects`, read through the contract. */
export const documentAffects: AffectsTable = new Map(
  operations.map((operation) => [operation.operationId, operation.affects]),
);

/** A copy of `table` without the entries of `write` that name `read`: a table the check must reject. */
export function withoutEntry(table: AffectsTable, write: string, read: string): AffectsTable {
  const copy = new Map(table);
  const entries = copy.get(write) ?? [];
  if (!entries.some((entry) => entry.operationId === read)) {
    throw new Error(`x-affects of ${write} has no entry for ${read}`);
  }
  copy.set(
    write,
    entries.filter((entry) => entry.operationId !== read),
  );
  return copy;
}
