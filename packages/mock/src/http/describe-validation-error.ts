import { contract, type ErrorCode } from "../generated/contract.js";
import type { ValidationError } from "../generated/validators.js";

const ARTICLES: Record<string, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  array: "an array",
  object: "a JSON object",
};

const patternDescriptions: Record<string, string> = contract.patternDescriptions;

/** `/name` → `body.name`; `/status/1` → `body.status[1]`. */
function locate(prefix: string, instancePath: string): string {
  if (!instancePath) {
    return prefix;
  }
  return instancePath
    .split("/")
    .slice(1)
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : `${path}.${segment}`), prefix);
}

const ECHO_LIMIT = 40;

/** The first 40 characters of `text` and `…` if there are more, so a huge value is not sent back whole. */
function shorten(text: string): string {
  const characters = [...text];
  return characters.length > ECHO_LIMIT ? `${characters.slice(0, ECHO_LIMIT).join("")}…` : text;
}

/** Echoes a body primitive back as JSON; objects and arrays are never serialised (they may be nested deep). */
function describeValue(value: unknown): string {
  if (value === undefined || (typeof value === "object" && value !== null)) {
    return "";
  }
  return ` (got ${typeof value === "string" ? JSON.stringify(shorten(value)) : shorten(JSON.stringify(value))})`;
}

/**
 * Echoes a parameter's text exactly as it was sent, quoted: the parsed value may differ
 * (`9007199254740993` reads as 9007199254740992) and would not show what the caller got wrong.
 */
function describeRawText(text: unknown): string {
  return typeof text === "string" ? ` (got ${JSON.stringify(shorten(text))})` : "";
}

/** The value at an ajv instance path, to echo it back in the message. */
function valueAt(data: unknown, instancePath: string): unknown {
  return instancePath
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      data,
    );
}

export interface ValidationProblem {
  code: ErrorCode;
  message: string;
}

/**
 * Explains the first validation error in words a person can act on, naming the field.
 * `subject` is `body` or a parameter prefix such as `query parameter`.
 */
export function describeBodyError(error: ValidationError, data: unknown, fields: readonly string[]): ValidationProblem {
  const where = locate("body", error.instancePath);
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return { code: "MISSING_FIELD", message: `${where}.${params.missingProperty} is required` };
    case "additionalProperties":
      return {
        code: "UNKNOWN_FIELD",
        message: `${where}.${params.additionalProperty} is not a field of this body; the fields are: ${fields.join(", ")}`,
      };
    case "false schema":
      return { code: "INVALID_FIELD", message: `${where} is read-only: the service assigns it` };
    case "minProperties":
      return { code: "INVALID_BODY", message: `body must set at least one of: ${fields.join(", ")}` };
  }
  if (error.keyword === "type" && !error.instancePath) {
    return {
      code: "INVALID_BODY",
      message: `body must be a JSON object${Array.isArray(data) ? " (got an array)" : describeValue(data)}`,
    };
  }
  return {
    code: "INVALID_FIELD",
    message: describeConstraint(where, error, describeValue(valueAt(data, error.instancePath))),
  };
}

/**
 * Explains a parameter error; `location` is e.g. `query parameter` or `path parameter`, `rawText`
 * the text sent for each parameter (an array of texts for an array parameter), shaped like the
 * values that were validated.
 */
export function describeParameterError(
  error: ValidationError,
  location: string,
  rawText: Record<string, string | readonly string[]>,
): ValidationProblem {
  const [, name = "", ...rest] = error.instancePath.split("/");
  const where = `${location} ${name}${rest.length ? `[${rest.join("][")}]` : ""}`;
  if (error.keyword === "required") {
    return { code: "INVALID_PARAMETER", message: `${location} ${error.params.missingProperty} is required` };
  }
  if (error.keyword === "additionalProperties") {
    return { code: "UNKNOWN_PARAMETER", message: `${location} ${error.params.additionalProperty} is not defined` };
  }
  return {
    code: "INVALID_PARAMETER",
    message: describeConstraint(where, error, describeRawText(valueAt(rawText, error.instancePath))),
  };
}

/** `got` is the ` (got …)` echo of the value, or empty. */
function describeConstraint(where: string, error: ValidationError, got: string): string {
  const params = error.params;
  switch (error.keyword) {
    case "type":
      return `${where} must be ${ARTICLES[String(params.type)] ?? params.type}${got}`;
    case "minimum":
      return `${where} must be at least ${params.limit}${got}`;
    case "maximum":
      return `${where} must be at most ${params.limit}${got}`;
    case "minLength":
      return `${where} must be at least ${params.limit} character${params.limit === 1 ? "" : "s"} long${got}`;
    case "maxLength":
      return `${where} must be at most ${params.limit} characters long`;
    case "enum":
      return `${where} must be one of: ${(params.allowedValues as unknown[]).join(", ")}${got}`;
    case "pattern": {
      const description = patternDescriptions[String(params.pattern)];
      return description
        ? `${where} is not valid: ${description}${got}`
        : `${where} must match ${params.pattern}${got}`;
    }
    case "format":
      return params.format === "date-time"
        ? `${where} must be an ISO 8601 date-time such as 2026-12-01T10:00:00Z${got}`
        : `${where} must be a valid ${params.format}${got}`;
    case "maxItems":
      return `${where} must have at most ${params.limit} values`;
    default:
      return `${where} ${error.message ?? "is invalid"}${got}`;
  }
}
