import { contract } from "../generated/contract.js";
import { shorten } from "../generated/shorten.js";
import type { CompiledValidator } from "../generated/validators.js";
import * as validators from "../generated/validators.js";
import { MockApiError } from "./errors.js";
import { RefusedValue } from "./refused-value.js";
import type { OperationDescription } from "./router.js";
import type { MockRequest } from "./types.js";

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const utf8 = new TextDecoder("utf-8", { fatal: true });

export const payloadTooLarge = (limit: number = contract.limits.requestBodyBytes) =>
  new MockApiError(413, "PAYLOAD_TOO_LARGE", `the request body is larger than the limit of ${limit} bytes`);

/**
 * Reads a JSON body, in the documented order: Content-Type, size, presence, UTF-8 and JSON syntax.
 * `undefined` when there is none and `operationId` may go without (`required: false`). What locates a syntax
 * error is loaded with the first body that has one: only then is the answer a promise (a refusal); a body that
 * parses is there at once.
 */
export function readJsonBody(
  request: MockRequest,
  spec: { operationId: string; required: boolean; limit: number },
): unknown {
  const hasBody = request.bodyTooLarge || (request.body !== null && request.body.byteLength > 0);
  const contentType = request.header("content-type");
  if (hasBody && (contentType === null || !JSON_MEDIA_TYPE.test(contentType))) {
    throw new MockApiError(
      400,
      "INVALID_CONTENT_TYPE",
      `Content-Type must be application/json, not ${contentType === null ? "missing" : JSON.stringify(shorten(contentType))}`,
    );
  }
  if (request.bodyTooLarge || (request.body && request.body.byteLength > spec.limit)) {
    throw payloadTooLarge(spec.limit);
  }
  if (!hasBody) {
    if (!spec.required) {
      return undefined;
    }
    throw new MockApiError(400, "MISSING_BODY", `${spec.operationId} needs a JSON body; none was sent`);
  }
  let text: string;
  try {
    text = utf8.decode(request.body!);
  } catch {
    throw new MockApiError(400, "INVALID_JSON", "the request body is not valid UTF-8");
  }
  try {
    return JSON.parse(text);
  } catch {
    return syntaxRefusal(text);
  }
}

/** The 400 of a body that is not JSON, naming where it stops being JSON. */
async function syntaxRefusal(text: string): Promise<never> {
  const { jsonSyntaxError } = await import("./json-syntax.js");
  const problem = jsonSyntaxError(text);
  throw new MockApiError(400, "INVALID_JSON", `the request body is not valid JSON${problem ? `: ${problem}` : ""}`);
}

/**
 * Checks and parses the JSON body of an operation that takes one, in the documented order:
 * Content-Type, size, presence, UTF-8 and JSON syntax, then the schema. At once, without a promise, unless the
 * body is not JSON.
 */
export function parseBody(operation: OperationDescription, request: MockRequest): unknown {
  const spec = operation.body;
  if (!spec) {
    return undefined;
  }
  const data = readJsonBody(request, {
    operationId: operation.operationId,
    required: true,
    limit: contract.limits.requestBodyBytes,
  });
  return data instanceof Promise ? data : checkBody(spec, operation.validators.body!, data);
}

/** The body's data, checked against the operation's schema. */
function checkBody(spec: NonNullable<OperationDescription["body"]>, validatorName: string, data: unknown): unknown {
  const validator = (validators as Record<string, CompiledValidator>)[validatorName]!;
  if (!validator(data)) {
    throw new RefusedValue(validator.errors![0]!, { data, fields: spec.fields });
  }
  return data;
}
