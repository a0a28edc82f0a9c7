// @ts-check
// @petstore/sdk/schemas (packages/sdk/src/generated/body-schemas.ts and body-validators.{js,d.ts}): a
// Standard Schema of every request body, compiled ahead of time with ajv like the mock's validators
// (no code generated at run time) but with `allErrors`, for one issue per field.
import { document } from "../document.js";
import { readOperations } from "../operations.js";
import { GENERATED_BY } from "./banner.js";
import { fieldsOf, toJsonSchema } from "./json-schema.js";
import { patternDescriptions } from "./mock-contract.js";
import { ValidatorSet } from "./mock-validators.js";

/** @typedef {import("../document.js").Node} Node */

/**
 * Every property a body schema declares (through `allOf`), writable or not.
 * @param {Node} schema
 * @returns {string[]}
 */
const propertiesOf = (schema) => [
  ...new Set([schema, ...(schema.allOf ?? [])].flatMap((part) => Object.keys(part.properties ?? {}))),
];

/**
 * Generates the SDK's body schemas.
 * @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml)
 * @returns {Record<string, string>} contents by file name
 */
export function generateSdkSchemas(doc = document) {
  const operations = readOperations(doc);
  const validators = new ValidatorSet({ allErrors: true });
  /** @type {Map<string, { validator: string, type: string, fields: string[], description: string, operationIds: string[] }>} */
  const schemas = new Map();
  /** @type {[operationId: string, name: string][]} */
  const byOperation = [];
  for (const operation of operations) {
    if (!operation.body) {
      continue;
    }
    const component = operation.body.schema["x-ref"];
    // A body of the document's components is named after it; an inline one after its operation.
    const name = component ?? `${operation.operationId}Body`;
    const schema = toJsonSchema(operation.body.schema, "write");
    const fields = fieldsOf(schema);
    const documentType = component
      ? `components["schemas"][${JSON.stringify(component)}]`
      : `operations[${JSON.stringify(operation.operationId)}]["requestBody"]["content"]["application/json"]`;
    // Read-only fields (`false` schemas) are not part of the body a client writes: openapi-fetch's `Writable`.
    const type = propertiesOf(schema).length > fields.length ? `Writable<${documentType}>` : documentType;
    const entry = schemas.get(name) ?? {
      validator: validators.add(name, schema),
      type,
      fields,
      description: (operation.body.schema.description ?? "").trim().split("\n").join(" "),
      operationIds: /** @type {string[]} */ ([]),
    };
    entry.operationIds.push(operation.operationId);
    schemas.set(name, entry);
    byOperation.push([operation.operationId, name]);
  }

  const exports = [...schemas].map(([name, { validator, type, fields, description, operationIds }]) => {
    const summary = `${description ? `${description} ` : ""}The body of ${operationIds.map((id) => `\`${id}\``).join(", ")}.`;
    return `/** ${summary} */
export const ${name}: StandardSchemaV1<${type}> = /* @__PURE__ */ bodySchema<${type}>(
  validators.${validator},
  ${JSON.stringify(fields)},
  patternDescriptions,
);`;
  });

  const module = `${GENERATED_BY}
import type { StandardSchemaV1 } from "@standard-schema/spec";
import * as validators from "./body-validators.js";
import type { components, operations, Writable } from "./schema.js";
import { bodySchema } from "./standard-schema.js";

/** Each \`pattern\` of the document with the description of its schema, for the messages. */
const patternDescriptions: Readonly<Record<string, string>> = ${JSON.stringify(patternDescriptions(doc.components), null, 2)};

${exports.join("\n\n")}

/** The schema of each operation's request body, by operationId. */
export const requestBodySchemas: {
${byOperation.map(([operationId, name]) => `  readonly ${operationId}: typeof ${name};`).join("\n")}
} = {
${byOperation.map(([operationId, name]) => `  ${operationId}: ${name},`).join("\n")}
};
`;
  return {
    "body-schemas.ts": module,
    "body-validators.js": validators.source(),
    "body-validators.d.ts": validators.types(),
  };
}
