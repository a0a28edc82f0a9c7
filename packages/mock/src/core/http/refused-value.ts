// A value the document's compiled validator refused (a parameter, a header, a body): thrown where it is checked,
// as any refusal is, and put in words naming the field only when its answer is made. The words
// (refusal-words.ts, with generated/describe-validation-error.ts) load with the first refusal, so a browser's
// first load does not carry them for requests that pass.
import type { ValidationError } from "../generated/describe-validation-error.js";
import { unexpected } from "./errors.js";
import type { MockResponse } from "./types.js";

/** What was refused: parameters or headers (with the text sent for each), or a body (with its writable fields). */
export type Refused =
  | { readonly location: string; readonly rawText: Readonly<Record<string, string | readonly string[]>> }
  | { readonly data: unknown; readonly fields: readonly string[] };

export class RefusedValue extends Error {
  constructor(
    /** The validator's first error. */
    readonly error: ValidationError,
    readonly refused: Refused,
  ) {
    super(`${"location" in refused ? refused.location : "body"} ${error.instancePath} ${error.message}`);
  }
}

/** The Error answer of what a request's checks or its operation threw: at once, unless its words load first. */
export function errorAnswer(error: unknown, operationId: string): MockResponse | Promise<MockResponse> {
  if (!(error instanceof RefusedValue)) {
    return unexpected(error).toResponse(operationId);
  }
  return import("./refusal-words.js").then(
    ({ refusalOf }) => refusalOf(error).toResponse(operationId),
    (failure: unknown) => unexpected(failure).toResponse(operationId),
  );
}
