// @ts-check
// Nullability written beside a `$ref`, seen by the gate. OpenAPI 3.0 has no `null` type: a schema that may be null is
// written `allOf: [{ $ref }]` with `nullable: true` (what the generated types read as `T | null`), and a `nullable`
// written as the `$ref`'s sibling is ignored by the specification and by the generated types, while a reader of the
// document takes it at its word. The document model inlines a `$ref` as its target alone, so both forms are made
// visible here: a sibling `nullable` becomes the `allOf` form (marked, so the report can say it is ignored), and an
// `allOf` of one schema is compared as that schema with its own keywords (`nullable`, `readOnly`) laid over it.

/** The mark of a `nullable` that was written beside a `$ref`. */
export const BESIDE_REF = "x-nullable-beside-ref";

/**
 * The document with every `nullable` written beside a `$ref` moved into the `allOf` form, marked.
 * @template T
 * @param {T} node
 * @returns {T}
 */
export function withNullableRefs(node) {
  if (Array.isArray(node)) {
    return /** @type {T} */ (node.map((item) => withNullableRefs(item)));
  }
  if (!node || typeof node !== "object") {
    return node;
  }
  const { $ref, nullable, ...rest } = /** @type {Record<string, unknown>} */ (node);
  if (typeof $ref === "string" && nullable !== undefined) {
    return /** @type {T} */ ({ ...withNullableRefs(rest), allOf: [{ $ref }], nullable, [BESIDE_REF]: true });
  }
  return /** @type {T} */ (
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullableRefs(value)]))
  );
}

/** Keywords an `allOf` of one schema may carry beside it and still be that schema (nullable, annotated). */
const BESIDE = new Set([
  "nullable",
  "readOnly",
  "writeOnly",
  "description",
  "title",
  "example",
  "deprecated",
  BESIDE_REF,
]);

/**
 * An inlined schema that is an `allOf` of one schema, as that schema with its own keywords laid over it: so `{ $ref }`
 * and `{ allOf: [{ $ref }], nullable: true }` differ by `nullable` alone.
 * @param {any} schema
 * @returns {any}
 */
export function collapsed(schema) {
  if (!schema || !Array.isArray(schema.allOf) || schema.allOf.length !== 1) {
    return schema;
  }
  const { allOf, ...own } = schema;
  return Object.keys(own).every((key) => BESIDE.has(key)) ? { ...collapsed(allOf[0]), ...own } : schema;
}
