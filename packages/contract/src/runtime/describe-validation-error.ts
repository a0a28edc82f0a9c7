// The messages of validation errors, in words a person can act on, naming the field or parameter.
// Document-independent: the facts it needs (a body's fields, the pattern descriptions) come in as
// arguments. `pnpm generate` copies this file into packages/mock/src/core/generated/ (the mock's 400
// Error bodies) and packages/sdk/src/generated/ (the issues of @petstore/sdk/schemas), so the two
// published packages say the same thing from one source; it imports only shorten.ts, copied beside it.
import { shorten } from "./shorten.js";

/** The shape of one ajv error, as the compiled validators report it. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The Error codes these messages go with (each one of the document's `ErrorCode`s). */
export type ValidationErrorCode =
  | "INVALID_BODY"
  | "MISSING_FIELD"
  | "INVALID_FIELD"
  | "UNKNOWN_FIELD"
  | "INVALID_PARAMETER"
  | "UNKNOWN_PARAMETER";

export interface ValidationProblem {
  code: ValidationErrorCode;
  message: string;
}

/** Each `pattern` of the document with the description of its schema, to explain a mismatch in words. */
export type PatternDescriptions = Readonly<Record<string, string>>;

const ARTICLES: Record<string, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  array: "an array",
  object: "a JSON object",
};

/** `/name` → `body.name`; `/status/1` → `body.status[1]`. */
function locate(prefix: string, instancePath: string): string {
  if (!instancePath) {
    return prefix;
  }
  return instancePath
    .split("/")
    .slice(1)
    .reduce(
      (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : `${path}.${chosenName(segment)}`),
      prefix,
    );
}

/** A field or parameter name the sender chose (an unknown one), shortened like a value. */
const chosenName = (name: unknown) => shorten(String(name));

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

/**
 * Explains a body validation error, naming the field: the message of the mock's 400 Error body
 * (the first error) and of the SDK's issue for that field. `fields` are the body's writable fields.
 */
export function describeBodyError(
  error: ValidationError,
  data: unknown,
  fields: readonly string[],
  patternDescriptions: PatternDescriptions,
): ValidationProblem {
  const where = locate("body", error.instancePath);
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return { code: "MISSING_FIELD", message: `${where}.${params.missingProperty} is required` };
    case "additionalProperties":
      return {
        code: "UNKNOWN_FIELD",
        message: `${where}.${chosenName(params.additionalProperty)} is not a field of this body; the fields are: ${fields.join(", ")}`,
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
    message: describeConstraint(where, error, describeValue(valueAt(data, error.instancePath)), patternDescriptions),
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
  patternDescriptions: PatternDescriptions,
): ValidationProblem {
  const [, name = "", ...rest] = error.instancePath.split("/");
  const where = `${location} ${chosenName(name)}${rest.length ? `[${rest.join("][")}]` : ""}`;
  if (error.keyword === "required") {
    return { code: "INVALID_PARAMETER", message: `${location} ${error.params.missingProperty} is required` };
  }
  if (error.keyword === "additionalProperties") {
    return {
      code: "UNKNOWN_PARAMETER",
      message: `${location} ${chosenName(error.params.additionalProperty)} is not defined`,
    };
  }
  return {
    code: "INVALID_PARAMETER",
    message: describeConstraint(
      where,
      error,
      describeRawText(valueAt(rawText, error.instancePath)),
      patternDescriptions,
    ),
  };
}

/** `got` is the ` (got …)` echo of the value, or empty. */
function describeConstraint(
  where: string,
  error: ValidationError,
  got: string,
  patternDescriptions: PatternDescriptions,
): string {
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

/** One problem of a body, for a form: the field's path (`["name"]`; `[]` for the body itself) and its message. */
export interface BodyIssue {
  message: string;
  path: PropertyKey[];
}

/**
 * The path of the field an error is about: the instance path's keys (array indexes as numbers),
 * plus the missing or unknown property that `required` and `additionalProperties` name.
 */
function fieldPath(error: ValidationError, data: unknown): PropertyKey[] {
  const path: PropertyKey[] = [];
  let node = data;
  for (const segment of error.instancePath.split("/").slice(1)) {
    const key = segment.replace(/~1/g, "/").replace(/~0/g, "~");
    path.push(Array.isArray(node) ? Number(key) : key);
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  const named = error.keyword === "required" ? error.params.missingProperty : error.params.additionalProperty;
  if ((error.keyword === "required" || error.keyword === "additionalProperties") && typeof named === "string") {
    path.push(named);
  }
  return path;
}

/**
 * Every error of a body (from a validator compiled with `allErrors`) as one issue per field, in
 * the validator's order: the first issue is the one the mock's 400 answer describes.
 */
export function describeBodyIssues(
  errors: readonly ValidationError[],
  data: unknown,
  fields: readonly string[],
  patternDescriptions: PatternDescriptions,
): BodyIssue[] {
  const issues = new Map<string, BodyIssue>();
  for (const error of errors) {
    const path = fieldPath(error, data);
    const key = JSON.stringify(path);
    if (!issues.has(key)) {
      issues.set(key, { message: describeBodyError(error, data, fields, patternDescriptions).message, path });
    }
  }
  return [...issues.values()];
}
