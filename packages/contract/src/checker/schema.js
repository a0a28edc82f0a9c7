// @ts-check
// Validates values against schemas of the document with its own ajv: an independent reading of
// openapi/petstore.yaml, not the mock's compiled validators.
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { document, escapePointer } from "../document.js";

/** @typedef {{ where: string, schemaPath: string, message: string }} Problem */

// ajv-formats is CommonJS; under ESM its default export may be wrapped once more.
const addFormats = /** @type {(ajv: Ajv) => Ajv} */ (
  /** @type {{ default?: unknown }} */ (addFormatsModule).default ?? addFormatsModule
);

const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, inlineRefs: false, validateSchema: false });
addFormats(ajv);
ajv.addFormat("int64", { type: "number", validate: (/** @type {number} */ value) => Number.isSafeInteger(value) });
ajv.addFormat("int32", { type: "number", validate: (/** @type {number} */ value) => Number.isInteger(value) });
ajv.addSchema(document, "petstore");

/** Every object of the document by identity → its JSON pointer, to name the rule an ajv error broke. */
const pointers = new Map();
(function walk(/** @type {unknown} */ node, /** @type {string} */ pointer) {
  if (!node || typeof node !== "object") {
    return;
  }
  if (!Array.isArray(node)) {
    pointers.set(node, pointer);
  }
  for (const [key, child] of Object.entries(node)) {
    walk(child, `${pointer}/${escapePointer(key)}`);
  }
})(document, "#");

/** @type {Map<string, import("ajv").ValidateFunction>} */
const compiled = new Map();

/**
 * Validates a value against the schema at a document pointer; one problem per ajv error.
 * @param {string} pointer
 * @param {unknown} value
 * @returns {Problem[]}
 */
export function validateAt(pointer, value) {
  const validate = compiled.get(pointer) ?? ajv.compile({ $ref: `petstore${pointer}` });
  compiled.set(pointer, validate);
  if (validate(value)) {
    return [];
  }
  return (validate.errors ?? []).map((error) => {
    const base = error.parentSchema ? pointers.get(error.parentSchema) : undefined;
    return {
      where: error.instancePath,
      schemaPath: base ? `${base}/${error.keyword}` : error.schemaPath,
      message: `${error.message ?? "is invalid"}${error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : ""}${error.keyword === "enum" ? ` (got ${JSON.stringify(error.data)?.slice(0, 60)})` : ""}`,
    };
  });
}
