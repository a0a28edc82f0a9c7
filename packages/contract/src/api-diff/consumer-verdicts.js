// @ts-check
// The compiled verdicts of the repository's own consumer code (consumer-files.js: the README and docs/ snippets, the
// examples' apps, the SDK's and the query package's type tests) against a new document's types: each file that no
// longer compiles is named with the line a front-end developer opens (a README's own line for its snippets). Only the
// files that use a changed operation are compiled: they name its path, its operationId or a schema it reaches, or
// import such a file. An error the file has against the base's own types is not the change's.
import { inline } from "../document.js";
import { readOperations } from "../operations.js";
import { change } from "./levels.js";

/** @typedef {import("../document.js").Document} Document */
/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("./type-check.js").TypeError} TypeError */
/** @typedef {import("./consumer-files.js").ConsumerFile} ConsumerFile */
/** @typedef {ReturnType<typeof import("./type-check.js").createTypeChecker>} TypeChecker */

/** What each kind of consumer file is called in the report. */
const GROUPS = { readme: "the README snippets", example: "the examples' apps", "type-test": "the type tests" };
/**
 * The words a file uses an operation by: its path (as a string), its operationId, and the schemas its request and
 * success bodies reach (a type a file may import by name: `Pet`, `NewOrder`).
 */
function wordsOf(/** @type {Document} */ doc, /** @type {Set<string>} */ changed) {
  return readOperations(doc)
    .filter((operation) => changed.has(operation.operationId))
    .flatMap((operation) => {
      const success = [...operation.responses.values()].find(({ status }) => status < 300)?.schemaPointer;
      const bodies = [operation.body?.schema, success && inline({ $ref: success }, doc)];
      const schemas = JSON.stringify(bodies).matchAll(/"x-ref":"(\w+)"/g);
      return [JSON.stringify(operation.path), operation.operationId, ...[...schemas].map((found) => found[1] ?? "")];
    });
}

/**
 * The consumer files that use the changed operations, and those that import them (relative imports).
 * @param {Record<string, ConsumerFile>} files
 * @param {Document} base
 * @param {Set<string>} changed
 */
export function filesUsing(files, base, changed) {
  const words = [...new Set(wordsOf(base, changed))];
  const escaped = (/** @type {string} */ word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(words.map((word) => (word.startsWith('"') ? escaped(word) : `\\b${word}\\b`)).join("|"));
  const using = new Set(words.length ? Object.keys(files).filter((name) => pattern.test(files[name]?.text ?? "")) : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, file] of Object.entries(files)) {
      const imports = [...file.text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((found) => found[1] ?? "");
      const dir = name.slice(0, name.lastIndexOf("/"));
      const hit = imports.some((spec) => [...using].some((other) => sameModule(`${dir}/${spec}`, other)));
      if (!using.has(name) && hit) {
        using.add(name);
        grew = true;
      }
    }
  }
  return Object.fromEntries(Object.entries(files).filter(([name]) => using.has(name)));
}
/** Whether a relative import (joined to its folder) names a file, with or without its ending. */
function sameModule(/** @type {string} */ spec, /** @type {string} */ file) {
  const parts = [];
  for (const part of spec.split("/")) {
    part === ".." ? parts.pop() : part !== "." && parts.push(part);
  }
  const target = parts.join("/").replace(/\.(js|ts|tsx)$/, "");
  return file.replace(/\.(ts|tsx)$/, "") === target;
}

/** The consumer a file's code concerns: the query package's bindings, the Next.js tags, or the SDK's types. */
function consumerOf(/** @type {string} */ name, /** @type {ConsumerFile} */ file) {
  if (name.startsWith("packages/query/") || /from "@petstore\/query/.test(file.text)) {
    return "query";
  }
  return /tags/.test(name) || (/@petstore\/sdk\/tags"/.test(file.text) && !/@petstore\/sdk"/.test(file.text))
    ? "next"
    : "sdk";
}

/** An error at an exhaustive check (a value the code expects to be `never`). @param {TypeError} error */
const exhaustive = (error) =>
  /^(?:Argument of type '[^']*' is not assignable to parameter of type|Type '[^']*' is not assignable to type) 'never'\.?$/.test(
    error.message,
  );
/**
 * An error of a type test at an assertion that pins the exact type (`toEqualTypeOf`) or at a `@ts-expect-error` the
 * new types no longer need: the test must follow the change; code using the types is not broken by it.
 * @param {TypeError} error
 * @param {string[]} lines the file's lines
 */
const pinned = (error, lines) =>
  /^Unused '@ts-expect-error'/.test(error.message) ||
  lines.slice(Math.max(0, error.line - 4), error.line).some((line) => line.includes("toEqualTypeOf"));

/**
 * One verdict per consumer file that no longer compiles.
 * @param {string} name
 * @param {ConsumerFile} file
 * @param {TypeError[]} errors the change's errors in it
 * @returns {Change}
 */
function verdictOf(name, file, errors) {
  const lines = file.text.split("\n");
  const kindOf = (/** @type {TypeError} */ error) =>
    exhaustive(error) ? "exhaustive" : file.kind === "type-test" && pinned(error, lines) ? "pinned" : "broken";
  const first = errors.find((error) => kindOf(error) === "broken") ?? errors.find((e) => kindOf(e) === "exhaustive");
  const shown = first ?? /** @type {TypeError} */ (errors[0]);
  const line = file.origins?.[shown.line - 1] || shown.line;
  const where = `${name}:${line}`;
  const group = GROUPS[file.kind];
  const said = `${where}: \`${shown.text}\`: ${shown.message}`;
  const [kind, bump, why] = !first
    ? ["types-pinned", "minor", `a type test pins the exact type and must follow the change (${said})`]
    : kindOf(first) === "exhaustive"
      ? ["types-exhaustive-only", "major", `breaks exhaustive checks in ${group} only (${said})`]
      : ["types-broken", "major", `code in ${group} no longer compiles (${said})`];
  return change(kind, `(compiled) ${where}`, undefined, `${errors.length} error(s)`, {
    [consumerOf(name, file)]: [/** @type {"major" | "minor"} */ (bump), why],
  });
}

/** @type {WeakMap<Document, Map<string, Set<string>>>} */
const known = new WeakMap();
/** A line of a file that does not compile. @param {TypeError} error */
const keyOf = (error) => `${error.text}\n${error.message}`;

/**
 * The errors consumer files give against a base's own types, when they were compiled with it (type-verdicts.js).
 * @param {Document} base
 * @param {Record<string, ConsumerFile>} files
 * @param {Record<string, TypeError[]>} errors
 */
export function rememberBase(base, files, errors) {
  const seen = known.get(base) ?? new Map();
  known.set(base, seen);
  for (const name of Object.keys(files)) {
    seen.set(name, new Set((errors[name] ?? []).map(keyOf)));
  }
}

/**
 * The compiled verdicts of the consumer files, given their errors against the new document's types: the errors each
 * file also has against the base's types (compiled once per base and file, only for files with errors) left out.
 * @param {TypeChecker} checker
 * @param {{ document: Document, generated: Record<string, string> }} base
 * @param {Record<string, ConsumerFile>} files
 * @param {Record<string, TypeError[]>} errors
 * @returns {Change[]}
 */
export function consumerVerdicts(checker, base, files, errors) {
  const failing = Object.keys(files).filter((name) => (errors[name] ?? []).length > 0);
  const seen = known.get(base.document) ?? new Map();
  known.set(base.document, seen);
  const unseen = failing.filter((name) => !seen.has(name));
  if (unseen.length > 0) {
    const before = checker.check(
      base.generated,
      Object.fromEntries(unseen.map((name) => [name, /** @type {ConsumerFile} */ (files[name])])),
    );
    for (const name of unseen) {
      seen.set(name, new Set((before[name] ?? []).map(keyOf)));
    }
  }
  return failing.flatMap((name) => {
    const own = (errors[name] ?? []).filter((error) => !seen.get(name)?.has(keyOf(error)));
    const file = /** @type {ConsumerFile} */ (files[name]);
    return own.length > 0 ? [verdictOf(name, file, own)] : [];
  });
}
