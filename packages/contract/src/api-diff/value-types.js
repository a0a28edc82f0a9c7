// @ts-check
// The TypeScript type of a value a schema allows, written from the base document's schema (every `$ref` inlined): the
// type of what the consumer code (probes.js) passes, so that compiling it against the new document's types checks
// what the call sends as an app's code would, a property name no longer known, a member no longer allowed, a type
// changed. What it cannot say (compositions other than one `allOf` part) is `never`, which checks nothing.

/**
 * @param {any} schema
 * @returns {string}
 */
export function typeOf(schema) {
  if (!schema || typeof schema !== "object") {
    return "never";
  }
  const nullable = schema.nullable ? " | null" : "";
  if (Array.isArray(schema.enum)) {
    return `(${schema.enum.map((/** @type {unknown} */ member) => JSON.stringify(member)).join(" | ")}${nullable})`;
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    return typeOf({ ...schema.allOf[0], ...(schema.nullable ? { nullable: true } : {}) });
  }
  switch (schema.type) {
    case "string":
      return `(string${nullable})`;
    case "integer":
    case "number":
      return `(number${nullable})`;
    case "boolean":
      return `(boolean${nullable})`;
    case "array":
      return `(Array<${typeOf(schema.items)}>${nullable})`;
    case "object":
      return schema.properties ? `(${objectOf(schema)}${nullable})` : "never";
    default:
      return "never";
  }
}

/**
 * An object type with every property a client may send (read-only ones are never sent), required as the schema says.
 * @param {any} schema
 */
function objectOf(schema) {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties)
    .filter(([, property]) => !(/** @type {any} */ (property).readOnly))
    .map(([name, property]) => `${JSON.stringify(name)}${required.has(name) ? "" : "?"}: ${typeOf(property)}`);
  return `{ ${fields.join("; ")} }`;
}
