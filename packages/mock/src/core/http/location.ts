import { contract } from "../generated/contract.js";

export type CreatingOperation = keyof typeof contract.createdRecordPaths;

/** Whether the operation creates a record, and so answers with its `Location`. */
export const isCreating = (operationId: string): operationId is CreatingOperation =>
  operationId in contract.createdRecordPaths;

/**
 * The `Location` of a record an operation created: the absolute URL of the document's `get`
 * operation on it (`{collection}/{id}`).
 */
export function locationOf(baseUrl: string, operationId: CreatingOperation, id: number | string): string {
  return `${baseUrl}${contract.createdRecordPaths[operationId].replace(/\{\w+\}/, String(id))}`;
}
