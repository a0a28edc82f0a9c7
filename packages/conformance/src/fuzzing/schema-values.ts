// fast-check arbitraries of valid values of the document's schemas: integers biased to their bounds,
// ids of the demo data, text of every kind (lone surrogates, `__proto__`), RFC 3339 dates, objects.

import { idMaximum, type Schema } from "@petstore/contract";
import fc from "fast-check";

/** Integers in [min, max], biased to the bounds and to small values (existing ids). */
function integerIn(min: number, max: number): fc.Arbitrary<number> {
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
  { weight: 1, arbitrary: fc.constant(idMaximum) },
  { weight: 1, arbitrary: fc.bigInt({ min: 31n, max: BigInt(idMaximum) }).map(Number) },
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
const codePoints = (text: string) => [...text].length;

const dateTime = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString())
  .chain((iso) => fc.constantFrom(iso, iso.replace(".000Z", "Z"), iso.replace("Z", "+02:00")));

/** The properties a client may send, or (`readOnly`) the service's own. */
export function propertiesOf(schema: Schema, readOnly: boolean): [string, Schema][] {
  const merged = mergeAllOf(schema);
  return Object.entries((merged.properties as Record<string, Schema> | undefined) ?? {}).filter(
    ([, property]) => Boolean(property.readOnly) === readOnly,
  );
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
      return integerIn((schema.minimum as number) ?? -idMaximum, (schema.maximum as number) ?? idMaximum);
    case "boolean":
      return fc.boolean();
    case "string": {
      if (schema.format === "date-time") {
        return dateTime;
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
  const writable = propertiesOf(merged, false);
  const required = new Set((merged.required as string[]) ?? []);
  const record = fc.record(
    Object.fromEntries(writable.map(([name, property]) => [name, schemaValue(property, name)])),
    {
      requiredKeys: writable.map(([name]) => name).filter((name) => required.has(name)),
    },
  );
  const minProperties = (merged.minProperties as number) ?? 0;
  return record.filter((value) => Object.keys(value).length >= minProperties) as fc.Arbitrary<Record<string, unknown>>;
}

/** JSON text of entries, keeping keys such as `__proto__` as plain keys. */
export function jsonOf(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;
}
