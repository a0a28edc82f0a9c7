import { shorten } from "../generated/shorten.js";
import type { CompiledValidator } from "../generated/validators.js";
import * as validators from "../generated/validators.js";
import { MockApiError } from "./errors.js";
import { RefusedValue } from "./refused-value.js";
import type { OperationDescription } from "./router.js";
import { requestedSession, SESSION_HEADER } from "./session-header.js";

type ParameterDescription =
  | OperationDescription["queryParameters"][number]
  | OperationDescription["pathParameters"][number];

const INTEGER = /^-?\d+$/;

/**
 * Turns one URL string into the type its schema declares, strictly: `12` is an integer but
 * `0x0c`, `1e1` and ` 12` are not, so the validator rejects them with the parameter's name.
 */
function coerce(raw: string, type: string | undefined): unknown {
  if (type === "integer") {
    if (!INTEGER.test(raw)) {
      return raw;
    }
    // Digits past the range of a double still compare past every limit, rather than as Infinity.
    const number = Number(raw);
    return Number.isFinite(number) ? number : Math.sign(number) * Number.MAX_VALUE;
  }
  if (type === "boolean") {
    return raw === "true" ? true : raw === "false" ? false : raw;
  }
  return raw;
}

/** Validates the parsed `values`; a message quotes the parameter's `rawText`, as it was sent. */
function validate(
  validatorName: string,
  values: Record<string, unknown>,
  rawText: Record<string, string | readonly string[]>,
  location: string,
): void {
  const validator = (validators as Record<string, CompiledValidator>)[validatorName]!;
  if (!validator(values)) {
    throw new RefusedValue(validator.errors![0]!, { location, rawText });
  }
}

/**
 * The path parameters of `operation`, each turned into the type its schema declares; not
 * validated (`parsePathParameters` is, and so are typed overrides' `params`).
 */
export function coercePathParameters(
  operation: OperationDescription,
  raw: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of operation.pathParameters as readonly ParameterDescription[]) {
    values[parameter.name] = coerce(String(raw[parameter.name] ?? ""), parameter.type);
  }
  return values;
}

/**
 * The query parameters of `operation` that `query` holds, each turned into the type its schema
 * declares: every value of an array parameter, the first of any other. Not validated, and names the
 * operation does not define are left out (`parseQueryParameters` refuses them).
 */
export function coerceQueryParameters(
  operation: OperationDescription,
  query: URLSearchParams,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of operation.queryParameters as readonly ParameterDescription[]) {
    const all = query.getAll(parameter.name);
    if (all.length > 0) {
      values[parameter.name] =
        parameter.type === "array"
          ? all.map((raw) => coerce(raw, "itemType" in parameter ? parameter.itemType : undefined))
          : coerce(all[0]!, parameter.type);
    }
  }
  return values;
}

export function parsePathParameters(
  operation: OperationDescription,
  raw: Record<string, string>,
): Record<string, unknown> {
  const values = coercePathParameters(operation, raw);
  validate(operation.validators.path, values, raw, "path parameter");
  return values;
}

export function parseQueryParameters(operation: OperationDescription, query: URLSearchParams): Record<string, unknown> {
  const definitions = operation.queryParameters as readonly ParameterDescription[];
  const rawText: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const definition = definitions.find((parameter) => parameter.name === name);
    if (!definition) {
      const known = definitions.map((parameter) => parameter.name);
      throw new MockApiError(
        400,
        "UNKNOWN_PARAMETER",
        `query parameter ${shorten(name)} is not defined for ${operation.operationId}${known.length ? `; it takes ${known.join(", ")}` : "; it takes none"}`,
      );
    }
    const all = query.getAll(name);
    if (definition.type !== "array" && all.length > 1) {
      throw new MockApiError(
        400,
        "INVALID_PARAMETER",
        `query parameter ${name} must be given once, not ${all.length} times`,
      );
    }
    rawText[name] = definition.type === "array" ? all : all[0]!;
  }
  const values = coerceQueryParameters(operation, query);
  validate(operation.validators.query, values, rawText, "query parameter");
  for (const definition of definitions) {
    if (values[definition.name] === undefined && "default" in definition) {
      values[definition.name] = definition.default;
    }
  }
  return values;
}

/** Validates the headers the document declares on every operation: `Prefer` and `X-Petstore-Session`. */
export function validateHeaders(operation: OperationDescription, header: (name: string) => string | null): void {
  const prefer = header("prefer");
  const session = requestedSession(header);
  if (prefer === null && session === null) {
    return;
  }
  const values: Record<string, string> = {};
  if (prefer !== null) {
    values.Prefer = prefer;
  }
  if (session !== null) {
    values[SESSION_HEADER] = session;
  }
  validate(operation.validators.header, values, values, "header");
}
