// @ts-check
// The checker's validators compiled once per test run: the self-check's global set-up writes them to
// a CommonJS module (ajv's standalone code) under node_modules/.cache, named by a hash of the document
// and of the checker, and every test file's set-up loads that module instead of compiling the schemas again.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { _ } from "ajv";
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import { document, documentPath, escapePointer } from "../document.js";
import { operations } from "../operations.js";
import { createAjv, useCompiledValidators } from "./schema.js";

const standaloneCode = /** @type {typeof import("ajv/dist/standalone/index.js").default} */ (
  /** @type {{ default?: unknown }} */ (standaloneCodeModule).default ?? standaloneCodeModule
);

const cacheDir = fileURLToPath(new URL("../../node_modules/.cache/petstore-self-check/", import.meta.url));
const formatsFile = fileURLToPath(new URL("./formats.cjs", import.meta.url));
const require = createRequire(import.meta.url);
/** What the compiled code depends on: a change to any of these (ajv's version too) compiles the validators again. */
const inputs = [
  documentPath,
  require.resolve("ajv/package.json"),
  ...["./schema.js", "./formats.cjs", "./compiled.js"].map((file) => fileURLToPath(new URL(file, import.meta.url))),
];

/** Every schema the checker validates against: response bodies, response headers, the Error body. */
export function checkedPointers() {
  const found = new Set(["#/components/schemas/Error"]);
  for (const op of operations) {
    for (const response of op.responses.values()) {
      if (response.schemaPointer) {
        found.add(response.schemaPointer);
      }
      for (const header of response.headers) {
        found.add(`${header.pointer}/schema`);
      }
    }
  }
  return [...found].sort();
}

/**
 * Writes the compiled validators unless this document and checker already have them; returns the file.
 * @returns {string}
 */
export function writeCompiledValidators() {
  const hash = createHash("sha256");
  for (const file of inputs) {
    hash.update(readFileSync(file));
  }
  const file = `${cacheDir}validators-${hash.digest("hex").slice(0, 16)}.cjs`;
  if (existsSync(file)) {
    return file;
  }
  const ajv = createAjv({ source: true, formatsCode: _`require(${formatsFile}).formats` });
  /** @type {Record<string, string>} export name (the pointer) → the key of its schema in ajv */
  const exports = {};
  checkedPointers().forEach((pointer, index) => {
    ajv.addSchema({ $ref: `petstore${pointer}` }, `check${index}`);
    exports[pointer] = `check${index}`;
  });
  const code = standaloneCode(ajv, exports);
  // Errors name the rule they broke by the schema object (`verbose`): the code holds copies of the
  // document's nodes as constants, so it also exports which node each constant copies.
  /** @type {Map<unknown, string>} */
  const pointers = new Map();
  (function walk(/** @type {unknown} */ node, /** @type {string} */ pointer) {
    if (node && typeof node === "object") {
      pointers.set(node, pointer);
      for (const [key, child] of Object.entries(node)) {
        walk(child, `${pointer}/${escapePointer(key)}`);
      }
    }
  })(document, "#");
  /** @type {Map<unknown, { str: string }>} ajv's schema constants: the schema object → its name in the code */
  const constants = /** @type {any} */ (ajv.scope)._values.schema ?? new Map();
  const copies = [...constants]
    .filter(([schema, name]) => pointers.has(schema) && code.includes(`const ${name.str} =`))
    .map(([schema, name]) => `[${name.str}, ${JSON.stringify(pointers.get(schema))}]`);
  mkdirSync(cacheDir, { recursive: true });
  // Validators of an earlier document or checker are of no more use.
  for (const stale of readdirSync(cacheDir).filter((name) => /^validators-\w+\.cjs$/.test(name))) {
    rmSync(`${cacheDir}${stale}`, { force: true });
  }
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(
    partial,
    `${code}\nmodule.exports = { validators: { ...exports }, schemas: [${copies.join(", ")}] };\n`,
  );
  renameSync(partial, file);
  return file;
}

/**
 * Makes the checker use the validators of a file `writeCompiledValidators` wrote.
 * @param {string} file
 */
export function loadCompiledValidators(file) {
  useCompiledValidators(require(file));
}
