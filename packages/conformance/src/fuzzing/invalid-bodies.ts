// Invalid bodies of an operation, each broken in one way: a missing, unknown, read-only, mistyped
// or out-of-bounds field; not an object; malformed JSON; invalid UTF-8; another Content-Type; no
// body; a body over the size limit.

import { type DocOperation, idMaximum, limits, type Schema } from "@petstore/contract";
import fc from "fast-check";
import type { Base, Breaker, FuzzRequest } from "./request.js";
import { jsonOf, mergeAllOf, propertiesOf } from "./schema-values.js";

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
      options.push(fc.constantFrom(schema.minimum - 1, -1, -idMaximum, Number.MIN_SAFE_INTEGER - 2));
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

/** Requests of an operation that takes a body, each with its body broken in one way. */
export function invalidBodies(operation: DocOperation, broken: Breaker): fc.Arbitrary<FuzzRequest>[] {
  const schema = mergeAllOf(operation.body!.schema);
  const required = (schema.required as string[]) ?? [];
  const known = new Set(Object.keys((schema.properties as object) ?? {}));
  /** The body of `b` with `name` set to `value`, or left out when `value` is `undefined`. */
  const withField = (b: Base, name: string, value?: unknown) => ({
    body: jsonOf([
      ...Object.entries(b.body!).filter(([key]) => key !== name),
      ...(value === undefined ? [] : [[name, value] as [string, unknown]]),
    ]),
  });
  const unknownName = fc
    .oneof(
      fc.constantFrom("__proto__", "constructor", "prototype", "Name", "ID", "category_id", "owner", "toString", ""),
      fc.string({ minLength: 1, maxLength: 10 }),
    )
    .filter((name) => !known.has(name));
  const notObjects = fc.constantFrom(
    "[]",
    "[{}]",
    '"pet"',
    "42",
    "true",
    "null",
    "-0",
    '[{"name":"Rex","categoryId":1}]',
  );
  const malformed = fc.constantFrom(
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
  );
  const badBytes = fc.constantFrom(
    [0xff],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xe2, 0x82],
    [0xf4, 0x90, 0x80, 0x80],
    [0x80],
  );
  const otherTypes = fc.constantFrom(
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json-patch+json",
    "application/jsonx",
    "application/vnd.api+json",
    "json",
    "multipart/form-data; boundary=x",
    "",
  );
  return [
    ...(required.length
      ? [
          broken(fc.constantFrom(...required), "MISSING_FIELD", (b, name) => [
            `body without ${name}`,
            withField(b, name),
          ]),
        ]
      : []),
    broken(fc.tuple(unknownName, fc.jsonValue({ maxDepth: 2 })), "UNKNOWN_FIELD", (b, [name, value]) => [
      `body with unknown field ${JSON.stringify(name)}`,
      withField(b, name, value),
    ]),
    ...propertiesOf(schema, false).flatMap(([name, property]) => {
      const outOfBounds = outOfBoundsOf(property);
      return [
        broken(wrongTypeOf(property), "INVALID_FIELD", (b, value) => [
          `body.${name} of the wrong type: ${JSON.stringify(value)}`,
          withField(b, name, value),
        ]),
        ...(outOfBounds
          ? [
              broken(outOfBounds, "INVALID_FIELD", (b, value) => [
                `body.${name} out of bounds: ${JSON.stringify(value).slice(0, 40)}`,
                withField(b, name, value),
              ]),
            ]
          : []),
      ];
    }),
    ...propertiesOf(schema, true).map(([name]) =>
      broken(fc.constantFrom(1, true, false), "INVALID_FIELD", (b, value) => [
        `read-only body.${name}`,
        { body: jsonOf([...Object.entries(b.body!), [name, value]]) },
      ]),
    ),
    broken(notObjects, "INVALID_BODY", (_b, text) => [`body ${text}`, { body: text }]),
    ...(((schema.minProperties as number) ?? 0) > 0
      ? [broken(fc.constant("{}"), "INVALID_BODY", () => ["empty body object", { body: "{}" }])]
      : []),
    broken(malformed, "INVALID_JSON", (_b, text) => [`malformed JSON ${JSON.stringify(text)}`, { body: text }]),
    broken(badBytes, "INVALID_JSON", (b, bytes) => {
      const json = new TextEncoder().encode(JSON.stringify(b.body));
      // Invalid UTF-8 inside the first string value, or at the end.
      const quote = json.indexOf(0x22, json.indexOf(0x3a));
      const at = quote > 0 ? quote + 1 : json.length;
      return [
        `invalid UTF-8 ${bytes.map((byte) => byte.toString(16)).join(" ")}`,
        { body: new Uint8Array([...json.slice(0, at), ...bytes, ...json.slice(at)]) },
      ];
    }),
    broken(otherTypes, "INVALID_CONTENT_TYPE", (b, contentType) => [
      contentType === "" ? "no Content-Type" : `Content-Type ${contentType}`,
      {
        // Bytes, not a string, without a Content-Type: a string body would get a text/plain one from fetch.
        body: contentType === "" ? new TextEncoder().encode(JSON.stringify(b.body)) : JSON.stringify(b.body),
        headers: { "Content-Type": contentType },
      },
    ]),
    broken(fc.constantFrom(undefined, ""), "MISSING_BODY", (_b, body) => [
      body === "" ? "empty body" : "no body",
      { body },
    ]),
    broken(
      fc.integer({ min: 1, max: 4096 }),
      "PAYLOAD_TOO_LARGE",
      (_b, extra) => [
        `body of ${limits.requestBodyBytes + extra + 12} bytes`,
        { body: jsonOf([["name", "x".repeat(limits.requestBodyBytes + extra)]]) },
      ],
      413,
    ),
  ];
}
