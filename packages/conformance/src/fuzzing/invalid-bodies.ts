// Invalid bodies of an operation, each broken in one way: a missing, unknown, read-only, mistyped
// or out-of-bounds field; not an object; malformed JSON; invalid UTF-8; another Content-Type; no
// body; a body over the size limit.

import { type DocOperation, idMaximum, limits, type Schema } from "@petstore/contract";
import fc from "fast-check";
import { type Base, build, documentedError, type Expectation, type FuzzRequest } from "./request.js";
import { jsonOf, mergeAllOf, writableProperties } from "./schema-values.js";

function readOnlyProperties(schema: Schema): string[] {
  const merged = mergeAllOf(schema);
  return Object.entries((merged.properties as Record<string, Schema> | undefined) ?? {})
    .filter(([, property]) => property.readOnly)
    .map(([name]) => name);
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
export function invalidBodies(operation: DocOperation, base: fc.Arbitrary<Base>): fc.Arbitrary<FuzzRequest>[] {
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
        return withBody(b, `body without ${name}`, documentedError(operation, 400, "MISSING_FIELD"), jsonOf(entries));
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
          documentedError(operation, 400, "UNKNOWN_FIELD"),
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
            documentedError(operation, 400, "INVALID_FIELD"),
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
              documentedError(operation, 400, "INVALID_FIELD"),
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
            documentedError(operation, 400, "INVALID_FIELD"),
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
      .map(([b, text]) => withBody(b, `body ${text}`, documentedError(operation, 400, "INVALID_BODY"), text)),
  );
  if (((schema.minProperties as number) ?? 0) > 0) {
    out.push(base.map((b) => withBody(b, "empty body object", documentedError(operation, 400, "INVALID_BODY"), "{}")));
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
        withBody(b, `malformed JSON ${JSON.stringify(text)}`, documentedError(operation, 400, "INVALID_JSON"), text),
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
          documentedError(operation, 400, "INVALID_JSON"),
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
          ? build(operation, b, "no Content-Type", documentedError(operation, 400, "INVALID_CONTENT_TYPE"), {
              body: new TextEncoder().encode(JSON.stringify(b.body)),
              headers: { "Content-Type": "" },
            })
          : withBody(
              b,
              `Content-Type ${contentType}`,
              documentedError(operation, 400, "INVALID_CONTENT_TYPE"),
              JSON.stringify(b.body),
              contentType,
            ),
      ),
  );
  out.push(
    base.map((b) =>
      build(operation, { ...b, body: undefined }, "no body", documentedError(operation, 400, "MISSING_BODY"), {
        headers: { "Content-Type": b.contentType },
      }),
    ),
  );
  out.push(base.map((b) => withBody(b, "empty body", documentedError(operation, 400, "MISSING_BODY"), "")));
  out.push(
    fc.tuple(base, fc.integer({ min: 1, max: 4096 })).map(([b, extra]) => {
      const padding = "x".repeat(limits.requestBodyBytes + extra);
      return withBody(
        b,
        `body of ${limits.requestBodyBytes + extra + 12} bytes`,
        documentedError(operation, 413, "PAYLOAD_TOO_LARGE"),
        jsonOf([["name", padding]]),
      );
    }),
  );
  return out;
}
