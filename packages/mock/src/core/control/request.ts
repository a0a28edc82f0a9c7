import { contract } from "../generated/contract.js";
import { contract as controlContract, type operations } from "../generated/control/contract.js";
import * as controlValidators from "../generated/control/validators.js";
import { describeBodyError, describeParameterError } from "../generated/describe-validation-error.js";
import type { CompiledValidator } from "../generated/validators.js";
import { readJsonBody } from "../http/body.js";
import { MockApiError } from "../http/errors.js";
import type { MockRequest } from "../http/types.js";
import type { ResetTarget } from "./snapshot.js";

export type ControlOperation = (typeof operations)[number];

const validatorOf = (name: string) => (controlValidators as Record<string, CompiledValidator>)[name]!;

/** The control API defines no query parameter: each one sent is refused, as the API refuses unknown ones. */
export function refuseQuery(query: URLSearchParams): void {
  for (const name of query.keys()) {
    throw new MockApiError(400, "UNKNOWN_PARAMETER", `query parameter ${name} is not defined`);
  }
}

/** The path parameters (the session's `name`), checked against the document's schema. */
export function parseControlPath(operation: ControlOperation, raw: Record<string, string>): Record<string, string> {
  const validate = validatorOf(operation.validators.path);
  if (!validate(raw)) {
    const problem = describeParameterError(validate.errors![0]!, "path parameter", raw, contract.patternDescriptions);
    throw new MockApiError(400, problem.code, problem.message);
  }
  return raw;
}

/** The JSON body of an operation that takes one, read up to the control API's own (larger) limit. */
export function readControlBody(operation: ControlOperation, request: MockRequest): unknown {
  if (!operation.body) {
    return undefined;
  }
  return readJsonBody(request, {
    operationId: operation.operationId,
    required: operation.body.required,
    limit: controlContract.limits.requestBodyBytes,
  });
}

/** `resetSession`'s optional body: a seed, `{ "empty": true }`, or nothing (the server's start data). */
export function parseResetTarget(data: unknown): ResetTarget | undefined {
  const validate = controlValidators.ResetTargetBody;
  if (data === undefined || validate(data)) {
    return data as ResetTarget | undefined;
  }
  const error = validate.errors![0]!;
  // Past `oneOf`, the validator's first error is about the first alternative only: name the seed's problem, else both forms.
  if (error.instancePath === "/seed") {
    const problem = describeBodyError(error, data, ["seed", "empty"], contract.patternDescriptions);
    throw new MockApiError(400, problem.code, problem.message);
  }
  throw new MockApiError(
    400,
    "INVALID_BODY",
    'body must be { "seed": N } or { "empty": true }, or absent for the start data',
  );
}
