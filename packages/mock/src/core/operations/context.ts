import type { operations } from "../generated/schema.js";
import type { PetstoreStore } from "../store/store.js";

export type OperationId = keyof operations;

type JsonBody<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : undefined;

/**
 * What an operation receives: parameters and body already validated against the document. The app
 * runs operations one at a time inside `store.exclusive`, so an operation must not call it again.
 */
export interface OperationContext<Op extends OperationId> {
  store: PetstoreStore;
  path: NonNullable<operations[Op]["parameters"]["path"]>;
  query: NonNullable<operations[Op]["parameters"]["query"]>;
  body: JsonBody<Op>;
  /** The request's query string, kept for paging links. */
  rawQuery: URLSearchParams;
  /** The path below the base URL, e.g. `/pets`. */
  requestPath: string;
  /** The absolute base URL, for `Location` and `Link`. */
  baseUrl: string;
  now(): Date;
}

export interface OperationResult {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type OperationHandler<Op extends OperationId> = (
  context: OperationContext<Op>,
) => OperationResult | Promise<OperationResult>;

/** One handler per operation of the document: a missing one is a compile error. */
export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };
