// @ts-check
// Turns the document's OpenAPI schemas (already inlined by the contract) into JSON schemas for ajv.

/** @typedef {import("../document.js").Node} Node */

const OPENAPI_ONLY_KEYWORDS = new Set(["example", "examples", "xml", "externalDocs", "discriminator", "deprecated"]);

/**
 * A self-contained JSON schema for ajv from an inlined OpenAPI schema: OpenAPI-only keywords
 * dropped, a component's name (`x-ref`) kept as its `title`. In a request (`mode: "write"`) a
 * readOnly property becomes the `false` schema, so sending it is an error that names it.
 * @param {unknown} node
 * @param {"read" | "write"} mode
 * @param {string} [name] the component the node is, when the caller knows it
 * @returns {any}
 */
export function toJsonSchema(node, mode, name) {
  if (Array.isArray(node)) {
    return node.map((item) => toJsonSchema(item, mode));
  }
  if (!node || typeof node !== "object") {
    return node;
  }
  const schema = /** @type {Node} */ (node);
  const title = schema["x-ref"] ?? name;
  /** @type {Node} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY_KEYWORDS.has(key) || key.startsWith("x-")) {
      continue;
    }
    if (key === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([property, propertySchema]) => [
          property,
          mode === "write" && propertySchema.readOnly ? false : toJsonSchema(propertySchema, mode),
        ]),
      );
      continue;
    }
    // int64/int32 are carried by minimum and maximum; readOnly is handled above.
    if (key === "readOnly" || key === "nullable" || (key === "format" && /^int(32|64)$/.test(value))) {
      continue;
    }
    out[key] = toJsonSchema(value, mode);
  }
  if (title && !out.title) {
    out.title = title;
  }
  return out;
}

/**
 * The writable fields of a body schema (through `allOf`), listed in messages about unknown fields.
 * @param {Node} schema a JSON schema from toJsonSchema
 */
export function fieldsOf(schema) {
  const parts = /** @type {Node[]} */ (schema.allOf ?? []);
  /** @param {Node} part */
  const propertiesOf = (part) => Object.entries(part.properties ?? {});
  // A property an `allOf` part makes readOnly (the `false` schema) is not writable, whoever declares it.
  const readOnly = new Set(
    parts.flatMap(propertiesOf).flatMap(([name, propertySchema]) => (propertySchema === false ? [name] : [])),
  );
  const writable = [schema, ...parts]
    .flatMap(propertiesOf)
    .filter(([name, propertySchema]) => propertySchema !== false && !readOnly.has(name))
    .map(([name]) => name);
  return [...new Set(writable)];
}

const ANNOTATIONS = new Set(["title", "description"]);

/**
 * The schema without annotations, which do not change a verdict: the output embeds its schemas,
 * and a browser bundle need not carry the document's prose.
 * @param {any} schema
 * @returns {any}
 */
export function withoutAnnotations(schema) {
  if (Array.isArray(schema)) {
    return schema.map(withoutAnnotations);
  }
  if (!schema || typeof schema !== "object") {
    return schema;
  }
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, value]) => [
        key,
        key === "properties"
          ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, withoutAnnotations(property)]))
          : withoutAnnotations(value),
      ]),
  );
}
