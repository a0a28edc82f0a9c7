// fast-check arbitraries of requests, generated from the schemas of openapi/petstore.yaml: valid
// requests for every operation, and invalid ones with the status and codes the document promises.

import {
  type DocOperation,
  type DocParameter,
  errorStatuses,
  limits,
  operations,
  route,
  type Schema,
} from "@petstore/contract";
import fc from "fast-check";

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

const MAX_ID = 9_007_199_254_740_991;

/** Integers in [min, max], biased to the bounds and to small values (existing ids). */
export function integerIn(min: number, max: number): fc.Arbitrary<number> {
  const small = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, Math.max(min, -1000) + 30) });
  const any = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 4, arbitrary: small },
    { weight: 2, arbitrary: any },
  );
}

/** Ids: mostly ones the demo data has (1..30), sometimes anywhere up to 2^53 − 1. */
export const idArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 30 }) },
  { weight: 1, arbitrary: fc.constant(MAX_ID) },
  { weight: 1, arbitrary: fc.bigInt({ min: 31n, max: BigInt(MAX_ID) }).map(Number) },
);

/** Text of every kind: ASCII, any code point, lone surrogates, `__proto__` and friends. */
function textArbitrary(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "binary" }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "Dogs", "dogs", "CATS")
        .filter((value) => value.length >= minLength && value.length <= maxLength),
    },
  );
}

/** Length as the document's validators count it: code points. */
export const codePoints = (text: string) => [...text].length;

function dateTimeArbitrary(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
    .chain((date) =>
      fc.constantFrom(
        date.toISOString(),
        date.toISOString().replace(".000Z", "Z"),
        date.toISOString().replace("Z", "+02:00"),
      ),
    );
}

/** Properties a client may send (read-only ones are the service's). */
function writableProperties(schema: Schema): [string, Schema][] {
  const merged = mergeAllOf(schema);
  return Object.entries((merged.properties as Record<string, Schema> | undefined) ?? {}).filter(
    ([, property]) => !property.readOnly,
  );
}

function readOnlyProperties(schema: Schema): string[] {
  const merged = mergeAllOf(schema);
  return Object.entries((merged.properties as Record<string, Schema> | undefined) ?? {})
    .filter(([, property]) => property.readOnly)
    .map(([name]) => name);
}

/** An `allOf` of object schemas as one object schema (the placeOrder body). */
export function mergeAllOf(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) {
    return schema;
  }
  const parts = (schema.allOf as Schema[]).map(mergeAllOf);
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [name, property] of Object.entries((part.properties as Record<string, Schema>) ?? {})) {
      properties[name] = { ...(properties[name] ?? {}), ...property };
    }
    for (const name of (part.required as string[]) ?? []) {
      required.add(name);
    }
  }
  return {
    type: "object",
    properties,
    required: [...required],
    additionalProperties: parts.some((part) => part.additionalProperties === false) ? false : undefined,
    minProperties: Math.max(0, ...parts.map((part) => (part.minProperties as number) ?? 0)),
  };
}

/** A valid value of a schema. */
export function schemaValue(schema: Schema, field = ""): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) {
    return fc.constantFrom(...(schema.enum as unknown[]));
  }
  if (schema.allOf) {
    return schemaValue(mergeAllOf(schema), field);
  }
  switch (schema.type) {
    case "integer":
      if (schema["x-ref"] === "Id" || /Id$/.test(field)) {
        return idArbitrary;
      }
      return integerIn((schema.minimum as number) ?? -MAX_ID, (schema.maximum as number) ?? MAX_ID);
    case "boolean":
      return fc.boolean();
    case "string": {
      if (schema.format === "date-time") {
        return dateTimeArbitrary();
      }
      const min = (schema.minLength as number) ?? 0;
      const max = (schema.maxLength as number) ?? 200;
      const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern as string, "u") : undefined;
      return textArbitrary(min, max).filter(
        (text) => codePoints(text) >= min && codePoints(text) <= max && (!pattern || pattern.test(text)),
      );
    }
    case "array":
      return fc.array(schemaValue(schema.items as Schema, field), { maxLength: (schema.maxItems as number) ?? 5 });
    case "object":
      return objectOf(schema);
    default:
      throw new Error(`no arbitrary for schema ${JSON.stringify(schema).slice(0, 80)}`);
  }
}

/** A valid object of an object schema, as ordered entries (so `__proto__` can be a real key). */
export function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const merged = mergeAllOf(schema);
  const properties = writableProperties(merged);
  const required = new Set((merged.required as string[]) ?? []);
  const record = fc.record(
    Object.fromEntries(properties.map(([name, property]) => [name, schemaValue(property, name)])),
    {
      requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
    },
  );
  const minProperties = (merged.minProperties as number) ?? 0;
  return record.filter((value) => Object.keys(value).length >= minProperties) as fc.Arbitrary<Record<string, unknown>>;
}

/** JSON text of entries, keeping keys such as `__proto__` as plain keys. */
export function jsonOf(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;
}

/** A value of another JSON type than the schema's. */
function wrongTypeOf(schema: Schema): fc.Arbitrary<unknown> {
  const type = (schema.type as string) ?? (Array.isArray(schema.enum) ? "string" : "object");
  const candidates: fc.Arbitrary<unknown>[] = [fc.constant(null), fc.constant([]), fc.constant({}), fc.boolean()];
  if (type !== "string") {
    candidates.push(fc.string({ maxLength: 5 }), fc.constant("1"));
  }
  if (type !== "integer") {
    candidates.push(fc.integer());
  } else {
    candidates.push(fc.constantFrom(1.5, -0.25, 1e-7));
  }
  if (type === "boolean") {
    candidates.push(fc.constantFrom("true", 0, 1));
  }
  return fc.oneof(...candidates).filter((value) => !(type === "boolean" && typeof value === "boolean"));
}

/** A value of the schema's type that breaks one of its constraints; `null` when it has none. */
function outOfBoundsOf(schema: Schema): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(schema.enum)) {
    options.push(fc.constantFrom("lost", "AVAILABLE", "", " available"));
  }
  if (schema.type === "integer") {
    if (typeof schema.minimum === "number") {
      options.push(fc.constantFrom(schema.minimum - 1, -1, -MAX_ID, Number.MIN_SAFE_INTEGER - 2));
    }
    if (typeof schema.maximum === "number") {
      options.push(fc.constantFrom(schema.maximum + 1, schema.maximum * 10, 1e21, 2 ** 63));
    }
  }
  if (schema.type === "string" && schema.format === "date-time") {
    // Not calendar days: the format is RFC 3339, not only its shape.
    const impossible = ["2026-02-30T10:00:00Z", "2026-04-31T10:00:00Z", "2025-02-29T10:00:00Z"];
    options.push(
      fc.constantFrom(
        "tomorrow",
        "2026-13-01T10:00:00Z",
        "2026-12-01",
        "2026-12-01 10:00:00",
        "2026-12-32T10:00:00Z",
        "2026-12-01T24:00:00Z",
        "",
        ...impossible,
      ),
    );
  }
  if (schema.type === "string" && typeof schema.maxLength === "number") {
    const max = schema.maxLength;
    options.push(
      fc.string({ minLength: max + 1, maxLength: max + 20, unit: "grapheme-ascii" }).filter((text) => /\S/.test(text)),
    );
  }
  if (schema.type === "string" && typeof schema.minLength === "number" && schema.minLength > 0) {
    options.push(fc.constant(""));
  }
  if (typeof schema.pattern === "string") {
    options.push(fc.constantFrom(" ", "   ", "\t\n", "\u00a0"));
  }
  return options.length ? fc.oneof(...options) : null;
}

// ── request parts ─────────────────────────────────────────────────────────────

const encode = (value: unknown) => encodeURIComponent(String(value));

function pathFor(operation: DocOperation, values: Record<string, string>): string {
  return `/${operation.segments.map((segment) => (segment.startsWith("{") ? values[segment.slice(1, -1)]! : segment)).join("/")}`;
}

const pathParameters = (operation: DocOperation) => operation.parameters.filter((parameter) => parameter.in === "path");
const queryParameters = (operation: DocOperation) =>
  operation.parameters.filter((parameter) => parameter.in === "query");

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

/** A valid `Prefer` header asking for a documented error, with its expectation; or a delay. */
function validPrefer(operation: DocOperation): fc.Arbitrary<{ header: string; expect?: Expectation }> {
  const statuses = errorStatuses(operation);
  return fc.oneof(
    fc.constantFrom(...statuses).chain((status) =>
      fc
        .constantFrom(
          `code=${status}`,
          ` code=${status} `,
          `code=${status}, delay=0`,
          `delay=1,code=${status}`,
          // RFC 7240: names are case-insensitive, values may be quoted and carry parameters, a
          // repeated preference counts once, and preferences the mock does not implement are ignored.
          `Code=${status}`,
          `code="${status}"`,
          `code=${status};reason=test`,
          `code=${status}, code=abc`,
          `return=minimal, respond-async, code=${status}`,
          `code=${status},`,
        )
        .map((header) => ({
          header,
          expect: { kind: "error", status, codes: operation.errorCodes[String(status)] ?? [] } as Expectation,
        })),
    ),
    fc
      .tuple(
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom("", ", return=minimal", ", respond-async", ", handling=lenient", ", wait=5", ", x-unknown"),
      )
      .map(([delay, other]) => ({ header: `DELAY=${delay}${other}` })),
    fc
      .constantFrom("return=minimal", "respond-async", "handling=lenient", "wait=5", "x".repeat(200), 'a="b,c=1"')
      .map((header) => ({ header })),
  );
}

interface Base {
  path: Record<string, string>;
  query: [string, string][];
  body?: Record<string, unknown>;
  contentType: string;
}

function baseOf(operation: DocOperation): fc.Arbitrary<Base> {
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

function build(
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

const error = (operation: DocOperation, status: number, ...codes: string[]): Expectation => ({
  kind: "error",
  status,
  codes: codes.length ? codes : (operation.errorCodes[String(status)] ?? []),
});

/** Valid requests of an operation: they pass validation, and a `Prefer: code` gets its error. */
export function validRequest(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      baseOf(operation),
      fc.option(validPrefer(operation), { freq: 6 }),
      fc.constantFrom("Bearer", "bearer", "BEARER  "),
    )
    .map(([base, prefer, scheme]) =>
      build(
        operation,
        base,
        prefer ? `valid, Prefer: ${prefer.header}` : "valid",
        prefer?.expect ?? { kind: "valid" },
        {
          headers: {
            Authorization: `${scheme} petstore-demo-key`,
            ...(prefer ? { Prefer: prefer.header } : {}),
          },
        },
      ),
    );
}

const BAD_IDS = [
  "abc",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  " 1",
  "+1",
  "01.0",
  "9007199254740992",
  "99999999999999999999999",
  "null",
  "true",
  "%",
  "[1]",
  "__proto__",
  "constructor",
];

/** Invalid requests of an operation, each broken in one way, with the error the document promises. */
export function invalidRequest(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  const base = baseOf(operation);
  const mutations: fc.Arbitrary<FuzzRequest>[] = [];

  mutations.push(
    fc
      .tuple(
        base,
        fc.constantFrom<[string | null, string]>(
          [null, "no Authorization"],
          ["", "empty Authorization"],
          ["Basic dXNlcjpwYXNz", "Basic credentials"],
          ["Bearer", "Bearer without a key"],
          ["Bearer wrong-key", "an unknown key"],
          ["Bearer petstore-demo-key extra", "two tokens"],
          ["Token petstore-demo-key", "another scheme"],
          ["Bearer PETSTORE-DEMO-KEY", "the key in another case"],
          ["Bearerpetstore-demo-key", "no space"],
        ),
      )
      .map(([b, [authorization, label]]) =>
        build(operation, b, `auth: ${label}`, error(operation, 401, "UNAUTHORIZED"), {
          key: null,
          headers: authorization === null ? {} : { Authorization: authorization },
        }),
      ),
  );

  const undocumented = [200, 201, 204, 302, 404, 409, 413, 418, 422, 501, 599].filter(
    (status) => !errorStatuses(operation).includes(status),
  );
  mutations.push(
    fc
      .tuple(
        base,
        fc.oneof(
          fc.constantFrom(...undocumented).map((status) => `code=${status}`),
          fc.constantFrom(
            "delay=60001",
            "delay=99999",
            "code=5O3",
            "code=",
            "code",
            'code="abc"',
            "Code=5030",
            "delay=soon",
            "delay=1.5",
            "delay=-1",
            "return=minimal, delay=later",
            "x".repeat(201),
          ),
        ),
      )
      .map(([b, prefer]) =>
        build(operation, b, `Prefer: ${prefer}`, error(operation, 400, "INVALID_PARAMETER"), {
          headers: { Prefer: prefer },
        }),
      ),
  );

  for (const parameter of pathParameters(operation)) {
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...BAD_IDS))
        .map(([b, bad]) =>
          build(
            operation,
            { ...b, path: { ...b.path, [parameter.name]: encode(bad) } },
            `path ${parameter.name}=${bad}`,
            error(operation, 400, "INVALID_PARAMETER"),
          ),
        ),
    );
  }

  const defined = queryParameters(operation);
  // Unknown query parameters are fuzzed wherever the document lists UNKNOWN_PARAMETER (today: every
  // operation), so the expectation follows the document rather than this file.
  if ((operation.errorCodes["400"] ?? []).includes("UNKNOWN_PARAMETER")) {
    mutations.push(
      fc
        .tuple(
          base,
          fc
            .oneof(
              fc.constantFrom(
                "__proto__",
                "constructor",
                "prototype",
                "LIMIT",
                "Limit",
                "page",
                "sort",
                "status[]",
                "id[]",
                "petid",
                "toString",
              ),
              fc.string({ minLength: 1, maxLength: 8 }),
            )
            .filter((name) => !defined.some((parameter) => parameter.name === name)),
          fc.string({ maxLength: 5 }),
        )
        .map(([b, name, value]) =>
          build(
            operation,
            { ...b, query: [...b.query, [name, value]] },
            `unknown query ${name}`,
            error(operation, 400, "UNKNOWN_PARAMETER"),
          ),
        ),
    );
  }
  for (const parameter of defined) {
    const bad = badQueryValues(parameter);
    mutations.push(
      fc.tuple(base, fc.constantFrom(...bad)).map(([b, values]) =>
        build(
          operation,
          {
            ...b,
            query: [
              ...b.query.filter(([name]) => name !== parameter.name),
              ...values.map((value): [string, string] => [parameter.name, value]),
            ],
          },
          `query ${values.map((value) => `${parameter.name}=${value}`).join("&")}`,
          error(operation, 400, "INVALID_PARAMETER"),
        ),
      ),
    );
  }

  if (operation.body) {
    mutations.push(...invalidBodies(operation, base));
  }
  return fc.oneof(...mutations);
}

function badQueryValues(parameter: DocParameter): string[][] {
  const schema = parameter.schema;
  if (schema.type === "array") {
    const items = schema.items as Schema;
    const tooMany = Array.from({ length: (schema.maxItems as number) + 1 }, (_, index) =>
      items.enum ? String((items.enum as string[])[index % 3]) : String(index + 1),
    );
    return [tooMany, items.enum ? ["lost"] : ["abc"], items.enum ? ["available", "SOLD"] : ["1", "0"], [""]];
  }
  if (schema.type === "integer") {
    const out = [["abc"], ["1.5"], ["1e1"], ["0x1"], [""], [" 1"], ["1", "2"]];
    if (typeof schema.minimum === "number") {
      out.push([String(schema.minimum - 1)]);
    }
    if (typeof schema.maximum === "number") {
      out.push([String(schema.maximum + 1)], ["99999999999999999999999"]);
    }
    return out;
  }
  if (schema.type === "boolean") {
    return [["yes"], ["1"], ["TRUE"], [""], ["true", "false"]];
  }
  // A string: too short, too long, repeated.
  return [[""], ["x".repeat(((schema.maxLength as number) ?? 100) + 1)], ["a", "b"]];
}

function invalidBodies(operation: DocOperation, base: fc.Arbitrary<Base>): fc.Arbitrary<FuzzRequest>[] {
  const schema = mergeAllOf(operation.body!.schema);
  const properties = writableProperties(schema);
  const required = (schema.required as string[]) ?? [];
  const out: fc.Arbitrary<FuzzRequest>[] = [];
  const withBody = (
    b: Base,
    label: string,
    expect: Expectation,
    body: string | Uint8Array,
    contentType = b.contentType,
  ) => build(operation, b, label, expect, { body, headers: { "Content-Type": contentType } });

  if (required.length) {
    out.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([b, name]) => {
        const entries = Object.entries(b.body!).filter(([key]) => key !== name);
        return withBody(b, `body without ${name}`, error(operation, 400, "MISSING_FIELD"), jsonOf(entries));
      }),
    );
  }
  const known = new Set(Object.keys((schema.properties as object) ?? {}));
  out.push(
    fc
      .tuple(
        base,
        fc
          .oneof(
            fc.constantFrom(
              "__proto__",
              "constructor",
              "prototype",
              "Name",
              "ID",
              "category_id",
              "owner",
              "toString",
              "",
            ),
            fc.string({ minLength: 1, maxLength: 10 }),
          )
          .filter((name) => !known.has(name)),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([b, name, value]) =>
        withBody(
          b,
          `body with unknown field ${JSON.stringify(name)}`,
          error(operation, 400, "UNKNOWN_FIELD"),
          jsonOf([...Object.entries(b.body!), [name, value]]),
        ),
      ),
  );
  for (const [name, property] of properties) {
    out.push(
      fc
        .tuple(base, wrongTypeOf(property))
        .map(([b, value]) =>
          withBody(
            b,
            `body.${name} of the wrong type: ${JSON.stringify(value)}`,
            error(operation, 400, "INVALID_FIELD"),
            jsonOf([...Object.entries(b.body!).filter(([key]) => key !== name), [name, value]]),
          ),
        ),
    );
    const outOfBounds = outOfBoundsOf(property);
    if (outOfBounds) {
      out.push(
        fc
          .tuple(base, outOfBounds)
          .map(([b, value]) =>
            withBody(
              b,
              `body.${name} out of bounds: ${JSON.stringify(value).slice(0, 40)}`,
              error(operation, 400, "INVALID_FIELD"),
              jsonOf([...Object.entries(b.body!).filter(([key]) => key !== name), [name, value]]),
            ),
          ),
      );
    }
  }
  for (const name of readOnlyProperties(schema)) {
    out.push(
      fc
        .tuple(base, fc.constantFrom(1, true, false))
        .map(([b, value]) =>
          withBody(
            b,
            `read-only body.${name}`,
            error(operation, 400, "INVALID_FIELD"),
            jsonOf([...Object.entries(b.body!), [name, value]]),
          ),
        ),
    );
  }
  out.push(
    fc
      .tuple(
        base,
        fc.constantFrom("[]", "[{}]", '"pet"', "42", "true", "null", "-0", '[{"name":"Rex","categoryId":1}]'),
      )
      .map(([b, text]) => withBody(b, `body ${text}`, error(operation, 400, "INVALID_BODY"), text)),
  );
  if (((schema.minProperties as number) ?? 0) > 0) {
    out.push(base.map((b) => withBody(b, "empty body object", error(operation, 400, "INVALID_BODY"), "{}")));
  }
  out.push(
    fc
      .tuple(
        base,
        fc.constantFrom(
          "{",
          '{"name":',
          "{'name':'Rex'}",
          '{"a":1,}',
          "{name: 1}",
          "NaN",
          '{"a":1} {"b":2}',
          "/* c */ {}",
          " ",
          "\u00a0{}",
          '{"a":"\\x41"}',
        ),
      )
      .map(([b, text]) =>
        withBody(b, `malformed JSON ${JSON.stringify(text)}`, error(operation, 400, "INVALID_JSON"), text),
      ),
  );
  out.push(
    fc
      .tuple(
        base,
        fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80]),
      )
      .map(([b, bytes]) => {
        const json = new TextEncoder().encode(JSON.stringify(b.body));
        // Invalid UTF-8 inside the first string value, or at the end.
        const quote = json.indexOf(0x22, json.indexOf(0x3a));
        const at = quote > 0 ? quote + 1 : json.length;
        const body = new Uint8Array([...json.slice(0, at), ...bytes, ...json.slice(at)]);
        return withBody(
          b,
          `invalid UTF-8 ${bytes.map((byte) => byte.toString(16)).join(" ")}`,
          error(operation, 400, "INVALID_JSON"),
          body,
        );
      }),
  );
  out.push(
    fc
      .tuple(
        base,
        fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/json-patch+json",
          "application/jsonx",
          "application/vnd.api+json",
          "json",
          "multipart/form-data; boundary=x",
          "",
        ),
      )
      .map(([b, contentType]) =>
        contentType === ""
          ? build(operation, b, "no Content-Type", error(operation, 400, "INVALID_CONTENT_TYPE"), {
              body: new TextEncoder().encode(JSON.stringify(b.body)),
              headers: { "Content-Type": "" },
            })
          : withBody(
              b,
              `Content-Type ${contentType}`,
              error(operation, 400, "INVALID_CONTENT_TYPE"),
              JSON.stringify(b.body),
              contentType,
            ),
      ),
  );
  out.push(
    base.map((b) =>
      build(operation, { ...b, body: undefined }, "no body", error(operation, 400, "MISSING_BODY"), {
        headers: { "Content-Type": b.contentType },
      }),
    ),
  );
  out.push(base.map((b) => withBody(b, "empty body", error(operation, 400, "MISSING_BODY"), "")));
  out.push(
    fc.tuple(base, fc.integer({ min: 1, max: 4096 })).map(([b, extra]) => {
      const padding = "x".repeat(limits.requestBodyBytes + extra);
      return withBody(
        b,
        `body of ${limits.requestBodyBytes + extra + 12} bytes`,
        error(operation, 413, "PAYLOAD_TOO_LARGE"),
        jsonOf([["name", padding]]),
      );
    }),
  );
  return out;
}

/** Requests broken in several ways at once, or odd but not promised anything beyond "documented". */
export function chaosRequest(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(invalidRequest(operation), invalidRequest(operation), fc.boolean()).map(([first, second, swap]) => {
    const [a, b] = swap ? [second, first] : [first, second];
    return {
      ...a,
      headers: { ...b.headers, ...a.headers },
      url: a.url.includes("?") || !b.url.includes("?") ? a.url : `${a.url}${b.url.slice(b.url.indexOf("?"))}`,
      mutation: `${a.mutation} + ${b.mutation}`,
      expect: { kind: "any" } as Expectation,
    };
  });
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Requests for a method and path that no operation has: a 405 METHOD_NOT_ALLOWED when another
 * method has the path, a 404 ROUTE_NOT_FOUND otherwise.
 */
export const unknownRouteRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(...ROUTE_METHODS),
    fc.oneof(
      fc.constantFrom(
        "/",
        "/owners",
        "/PETS",
        "/pets/",
        "/pets/1/",
        "/pets//1",
        "/pets/1/photos",
        "/store",
        "/store/orders/1/items",
        "/store/inventory/1/2",
        "/categories/1/pets",
        "/pets/1;x",
        "/%2e%2e/pets",
        "/pets/../pets",
      ),
      fc.array(fc.webSegment(), { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join("/")}`),
    ),
    fc.option(fc.constantFrom("?limit=1", "?__proto__=1"), { nil: "" }),
  )
  .filter(([method, path]) => route(method, path) === null)
  .map(([method, path, query]) => ({
    operationId: "(unknown route)",
    method,
    url: `${path}${query}`,
    headers: {},
    mutation: "unknown route",
  }))
  // fetch normalises dot segments; keep what the server will really see.
  .filter((request) => !request.url.startsWith("//"))
  .map((request) => {
    const url = new URL(request.url, "http://x");
    const knownPath = ROUTE_METHODS.some((method) => route(method, url.pathname) !== null);
    const expect: Expectation = knownPath
      ? { kind: "error", status: 405, codes: ["METHOD_NOT_ALLOWED"] }
      : { kind: "error", status: 404, codes: ["ROUTE_NOT_FOUND"] };
    return { ...request, url: `${url.pathname}${url.search}`, expect };
  })
  .filter((request) => route(request.method, request.url.split("?")[0]!) === null);

export { operations };
