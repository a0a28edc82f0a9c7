import { contract } from "../generated/contract.js";
import { contract as controlContract, type operations } from "../generated/control/contract.js";
import * as controlValidators from "../generated/control/validators.js";
import { describeBodyError, describeParameterError } from "../generated/describe-validation-error.js";
import { shorten } from "../generated/shorten.js";
import type { CompiledValidator } from "../generated/validators.js";
import { readJsonBody } from "../http/body.js";
import { MockApiError } from "../http/errors.js";
import type { MockRequest } from "../http/types.js";
import { assertNamedState, isNamedState, MAX_STATE_SEED } from "../store/named-state-names.js";
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
export async function readControlBody(operation: ControlOperation, request: MockRequest): Promise<unknown> {
  if (!operation.body) {
    return undefined;
  }
  return readJsonBody(request, {
    operationId: operation.operationId,
    required: operation.body.required,
    limit: controlContract.limits.requestBodyBytes,
  });
}

/** `resetSession`'s optional body: a seed, `{ "empty": true }`, a named state, or nothing (the server's start data). */
export function parseResetTarget(data: unknown): ResetTarget | undefined {
  const validate = controlValidators.ResetTargetBody;
  if (data === undefined || validate(data)) {
    return data as ResetTarget | undefined;
  }
  if (typeof data === "object" && data !== null && "namedState" in data) {
    throw namedStateProblem(data as Record<string, unknown>);
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
    'body must be { "seed": N }, { "empty": true } or { "namedState": NAME }, or absent for the start data',
  );
}

/** What is wrong with a `{ "namedState": … }` body the validator refused: the name, the seed, or another field. */
function namedStateProblem(data: Record<string, unknown>): MockApiError {
  if (!isNamedState(data.namedState)) {
    try {
      assertNamedState(data.namedState, "a named state");
    } catch (error) {
      return new MockApiError(400, "INVALID_FIELD", `body.namedState: ${(error as Error).message}`);
    }
  }
  const other = Object.keys(data).find((key) => key !== "namedState" && key !== "seed");
  if (other !== undefined) {
    return new MockApiError(
      400,
      "UNKNOWN_FIELD",
      `body.${shorten(other)} is not a field of { "namedState": NAME, "seed": N }`,
    );
  }
  return new MockApiError(
    400,
    "INVALID_FIELD",
    `body.seed must be a whole number from 0 to ${MAX_STATE_SEED}, the seed of the state's choices (got ${shorten(JSON.stringify(data.seed) ?? "")})`,
  );
}
