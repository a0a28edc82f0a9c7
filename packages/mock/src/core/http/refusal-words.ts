// The 400 of a refused value (refused-value.ts) in words naming the field: loaded with the first refusal.
import { contract } from "../generated/contract.js";
import { describeBodyError, describeParameterError } from "../generated/describe-validation-error.js";
import { MockApiError } from "./errors.js";
import type { RefusedValue } from "./refused-value.js";

/** The 400 Error of a value its validator refused, its message naming the field or parameter. */
export function refusalOf({ error, refused }: RefusedValue): MockApiError {
  const problem =
    "location" in refused
      ? describeParameterError(error, refused.location, refused.rawText, contract.patternDescriptions)
      : describeBodyError(error, refused.data, refused.fields, contract.patternDescriptions);
  return new MockApiError(400, problem.code, problem.message);
}
