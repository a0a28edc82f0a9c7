// A fuzzed request: what it sends, what the document promises for it, and the valid parts that
// every generated request starts from (path, query, body, Content-Type).

import type { DocOperation, DocParameter } from "@petstore/contract";
import fc from "fast-check";
import { idArbitrary, objectOf, schemaValue } from "./schema-values.js";

/** What the document promises for a request. */
export type Expectation =
  /** Passes validation: never 400, 401 or 413 (it may still be 404, 409 or 422, depending on state). */
  | { kind: "valid" }
  /** This status, with one of these codes. */
  | { kind: "error"; status: number; codes: readonly string[] }
  /** Anything the document allows, but never a 5xx. */
  | { kind: "any" };

export interface FuzzRequest {
  operationId: string;
  method: string;
  /** Path and query, percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The bearer key; `null` for none. */
  key?: string | null;
  expect: Expectation;
  /** What was done to the request, for the failure report. */
  mutation: string;
}

function pathFor(operation: DocOperation, values: Record<string, string>): string {
  return `/${operation.segments.map((segment) => (segment.startsWith("{") ? values[segment.slice(1, -1)]! : segment)).join("/")}`;
}

export const pathParameters = (operation: DocOperation): DocParameter[] =>
  operation.parameters.filter((parameter) => parameter.in === "path");
export const queryParameters = (operation: DocOperation): DocParameter[] =>
  operation.parameters.filter((parameter) => parameter.in === "query");

/** The longest `Prefer` header the operation accepts. */
export const preferMaxLength = (operation: DocOperation): number =>
  operation.parameters.find((parameter) => parameter.in === "header" && parameter.name === "Prefer")!.schema.maxLength;

/** Valid query pairs for an operation: each defined parameter present or not. */
function validQuery(operation: DocOperation): fc.Arbitrary<[string, string][]> {
  const parts = queryParameters(operation).map((parameter) =>
    fc.option(
      schemaValue(parameter.schema, parameter.name).map((value): [string, string][] =>
        Array.isArray(value) ? value.map((item) => [parameter.name, String(item)]) : [[parameter.name, String(value)]],
      ),
      { nil: [] as [string, string][], freq: 2 },
    ),
  );
  return (parts.length ? fc.tuple(...parts) : fc.constant([] as [string, string][][])).map((pairs) => pairs.flat());
}

const queryString = (pairs: [string, string][]) => (pairs.length ? `?${new URLSearchParams(pairs)}` : "");

/** A JSON media type the document accepts. */
const jsonContentType = fc.constantFrom("application/json", "application/json; charset=utf-8", "Application/JSON");

/** The valid parts of a request, before anything is broken. */
export interface Base {
  path: Record<string, string>;
  query: [string, string][];
  body?: Record<string, unknown>;
  contentType: string;
}

export function baseOf(operation: DocOperation): fc.Arbitrary<Base> {
  const path = fc.record(
    Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, idArbitrary.map(String)])),
  ) as fc.Arbitrary<Record<string, string>>;
  return fc.record({
    path,
    query: validQuery(operation),
    contentType: jsonContentType,
    ...(operation.body ? { body: objectOf(operation.body.schema) } : {}),
  }) as fc.Arbitrary<Base>;
}

/** The request of `base`, with `change` applied to it. */
export function build(
  operation: DocOperation,
  base: Base,
  mutation: string,
  expect: Expectation,
  change: Partial<FuzzRequest> = {},
): FuzzRequest {
  const request: FuzzRequest = {
    operationId: operation.operationId,
    method: operation.method,
    url: `${pathFor(operation, base.path)}${queryString(base.query)}`,
    headers: {},
    expect,
    mutation,
  };
  if (base.body) {
    request.headers["Content-Type"] = base.contentType;
    request.body = JSON.stringify(base.body);
  }
  return { ...request, ...change, headers: { ...request.headers, ...change.headers } };
}

/** Requests of `operation` that `make` breaks with each of `values`, promised `status` with `code`. */
export const breaker =
  (operation: DocOperation, base: fc.Arbitrary<Base>) =>
  <T>(
    values: fc.Arbitrary<T>,
    code: string,
    make: (b: Base, value: T) => [mutation: string, change?: Partial<FuzzRequest>, changed?: Base],
    status = 400,
  ) =>
    fc.tuple(base, values).map(([b, value]) => {
      const [mutation, change, changed = b] = make(b, value);
      return build(operation, changed, mutation, documentedError(operation, status, code), change);
    });
export type Breaker = ReturnType<typeof breaker>;

/** The error the document promises: this status, with these codes or else every code it documents for it. */
export const documentedError = (operation: DocOperation, status: number, ...codes: string[]): Expectation => ({
  kind: "error",
  status,
  codes: codes.length ? codes : (operation.errorCodes[String(status)] ?? []),
});
