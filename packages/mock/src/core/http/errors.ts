import { contract, type ErrorCode } from "../generated/contract.js";
import type { components } from "../generated/schema.js";
import { shorten } from "../generated/shorten.js";
import type { OperationDescription } from "./router.js";
import type { MockResponse } from "./types.js";

export type ApiErrorBody = components["schemas"]["Error"];

/**
 * An error response of the API: thrown anywhere in the request pipeline or an operation, and
 * turned into an Error body `{ code, message, status }` by the app.
 */
export class MockApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "MockApiError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, status: this.status };
  }

  /** The response that carries this error: every Error answer of the mock is made here. */
  toResponse(operationId?: string): MockResponse {
    const response: MockResponse = {
      status: this.status,
      headers: { ...this.headers },
      body: this.toBody(),
      operationId,
    };
    if (this.cause !== undefined) {
      response.cause = this.cause;
    }
    return response;
  }
}

/**
 * The 500 of a failure the mock did not expect: the one place such an answer is made. It keeps the
 * failure as `cause` (on the response too), so the server that answers can log it.
 */
export function unexpected(error: unknown): MockApiError {
  if (error instanceof MockApiError) {
    return error;
  }
  const reason = error instanceof Error ? error.message : String(error);
  const failure = new MockApiError(500, "INTERNAL_ERROR", `the mock failed unexpectedly: ${shorten(reason)}`);
  failure.cause = error;
  return failure;
}

export const notFound = (what: string, id: number) =>
  new MockApiError(404, "NOT_FOUND", `${what} ${id} does not exist`);

/**
 * The 507 a create operation answers when its collection holds its documented maximum, or when the
 * sessions together hold the mock's maximum of records. Called
 * inside the store's exclusive section, so concurrent creates cannot pass the cap.
 */
export function assertRoom(
  table: {
    isFull: boolean;
    capacity: number;
    nextKey: number;
    sharedCapacity?: { isFull: boolean; refusal(): Error } | undefined;
  },
  records: string,
): void {
  if (table.isFull) {
    throw new MockApiError(
      507,
      "STORAGE_FULL",
      `the store already holds its maximum of ${table.capacity} ${records}; delete some before creating more`,
    );
  }
  // Ids are never reused: past the document's largest id (restored from a snapshot), the collection is full for good.
  if (table.nextKey > contract.maxId) {
    throw new MockApiError(
      507,
      "STORAGE_FULL",
      `the ${records} have used up their ids: the largest id, ${contract.maxId}, was given out, and ids are never reused; reset the session, or restore a snapshot whose nextIds.${records} is lower`,
    );
  }
  // The mock's bound on the records of all sessions together (507 MOCK_LIMIT_REACHED).
  if (table.sharedCapacity?.isFull) {
    throw table.sharedCapacity.refusal();
  }
}

/**
 * The headers the document gives this error response of the operation, with its values
 * (`WWW-Authenticate` on 401, `Retry-After` on 429 and 503).
 */
export function errorHeaders(status: number, operation: OperationDescription): Record<string, string> {
  return { ...(operation.errorHeaders as Partial<Record<string, Record<string, string>>>)[status] };
}
