// @ts-check
// Validates values against schemas of the document with its own ajv: an independent reading of
// openapi/petstore.yaml, not the mock's compiled validators. The validators are compiled on first use,
// or once per test run ahead of the test files (compiled.js, the self-check's global set-up).
import { Ajv } from "ajv";
import { document, escapePointer } from "../document.js";
// Imported, so bundles carry it (compiled.js's CommonJS requires the same module by path).
import formatsModule from "./formats.cjs";

/** @typedef {{ where: string, schemaPath: string, message: string }} Problem */

/**
 * The checker's ajv over the document; `source` keeps each validator's code, to write it to a module.
 * @param {{ source?: boolean, formatsCode?: import("ajv").Code }} [options]
 */
export function createAjv({ source = false, formatsCode } = {}) {
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    verbose: true,
    inlineRefs: false,
    validateSchema: false,
    formats: formatsModule.formats,
    ...(source ? { code: { source: true, formats: formatsCode } } : {}),
  });
  ajv.addSchema(document, "petstore");
  return ajv;
}

/** @type {Ajv | undefined} Made on the first schema no compiled validator covers. */
let ajv;

/**
 * Every object of the document by identity → its JSON pointer, to name the rule an ajv error broke;
 * compiled validators add the copies of the document they carry (`useCompiledValidators`).
 * @type {Map<unknown, string>}
 */
const pointers = new Map();
/** @type {[schema: unknown, pointer: string][]} copies of document nodes in compiled validators, walked on the first error */
const unwalked = [[document, "#"]];

/** @param {unknown} node @param {string} pointer */
function walk(node, pointer) {
  if (!node || typeof node !== "object") {
    return;
  }
  if (!Array.isArray(node)) {
    pointers.set(node, pointer);
  }
  for (const [key, child] of Object.entries(node)) {
    walk(child, `${pointer}/${escapePointer(key)}`);
  }
}

/** @param {unknown} schema */
function pointerOf(schema) {
  for (const [node, pointer] of unwalked.splice(0)) {
    walk(node, pointer);
  }
  return pointers.get(schema);
}

/** @type {Map<string, import("ajv").ValidateFunction>} */
const compiled = new Map();

/**
 * Takes validators compiled ahead (compiled.js): `validators` by document pointer, and the document's
 * nodes their code carries copies of (`schemas`: copy → the pointer of the node it copies).
 * @param {{ validators: Record<string, import("ajv").ValidateFunction>, schemas: [unknown, string][] }} module
 */
export function useCompiledValidators({ validators, schemas }) {
  for (const [pointer, validate] of Object.entries(validators)) {
    compiled.set(pointer, validate);
  }
  unwalked.push(...schemas);
}

/**
 * Validates a value against the schema at a document pointer; one problem per ajv error.
 * @param {string} pointer
 * @param {unknown} value
 * @returns {Problem[]}
 */
export function validateAt(pointer, value) {
  let validate = compiled.get(pointer);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile({ $ref: `petstore${pointer}` });
    compiled.set(pointer, validate);
  }
  if (validate(value)) {
    return [];
  }
  return (validate.errors ?? []).map((error) => {
    const base = error.parentSchema ? pointerOf(error.parentSchema) : undefined;
    return {
      where: error.instancePath,
      schemaPath: base ? `${base}/${error.keyword}` : error.schemaPath,
      message: `${error.message ?? "is invalid"}${error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : ""}${error.keyword === "enum" ? ` (got ${JSON.stringify(error.data)?.slice(0, 60)})` : ""}`,
    };
  });
}
