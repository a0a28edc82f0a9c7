// @ts-check
// The type consequences of a change, decided by compiling: the base document's consumer code (probes.js: the SDK's
// calls, @petstore/query's options and error types, the SWR hooks, the Next.js tags, the `x-codeSamples`) against
// the types the new document generates (type-check.js), and with them the repository's own consumer code that uses
// the changed operations (consumer-files.js, consumer-verdicts.js: README snippets, the examples' apps, type tests).
// Only the operations whose typed form changed are compiled, and nothing at all when none did; errors the base's own
// types give are not the change's.
import { inline } from "../document.js";
import { readOperations } from "../operations.js";
import { consumerFiles } from "./consumer-files.js";
import { consumerVerdicts, filesUsing, rememberBase } from "./consumer-verdicts.js";
import { generatedTypes } from "./generated-types.js";
import { change } from "./levels.js";
import { queryProbe, sampleModules, sdkProbe, swrProbe, tagsProbe } from "./probes.js";

/** @typedef {import("../document.js").Document} Document */
/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("./type-check.js").TypeError} TypeError */
/** @typedef {ReturnType<typeof import("./type-check.js").createTypeChecker>} TypeChecker */
/** @typedef {import("./consumer-files.js").ConsumerFile} ConsumerFile */

/**
 * Keys that do not reach a generated type: prose, and the bounds, patterns and formats that only validation reads
 * (openapi-typescript types a string of any length, pattern or format as `string`).
 */
const UNTYPED = new Set([
  ...["description", "summary", "title", "example", "examples", "x-filter", "x-ref", "default", "deprecated"],
  ...["maxLength", "minLength", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf"],
  ...["maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "pattern", "format"],
]);

/**
 * Each operation's typed form, by operationId: what its consumer code (probes.js) exercises of its types, which are
 * its path and query parameters, its request body, its success body and its error codes (`$ref`s inlined, prose
 * dropped). An edit that changes none (a header, `x-affects`, a limit, a deprecation, security) is not compiled.
 * @param {Document} doc
 */
function typedForms(doc) {
  return new Map(
    readOperations(doc).map((operation) => {
      const success = [...operation.responses.values()].find(({ status }) => status < 300);
      const form = {
        parameters: operation.parameters.filter((parameter) => parameter.in !== "header"),
        body: operation.body?.schema,
        success: success?.schemaPointer && inline({ $ref: success.schemaPointer }, doc),
        codes: operation.errorCodes,
      };
      return [operation.operationId, JSON.stringify(form, (key, value) => (UNTYPED.has(key) ? undefined : value))];
    }),
  );
}

/** Which consumer a module's errors concern, and what the module stands for. @param {string} module */
const consumerOf = (module) =>
  module.startsWith("query") || module.startsWith("swr") ? "query" : module.startsWith("tags") ? "next" : "sdk";
/** @param {string} module */
const groupOf = (module) =>
  ({
    "sdk.ts": "the SDK's types",
    "query.ts": "the TanStack Query adapters' types",
    "swr.ts": "the SWR hooks' types",
    "tags.ts": "the Next.js tags' types",
  })[module] ?? "the x-codeSamples";
/**
 * The operation whose probe function holds a line of a module (a sample module's name says it).
 * @param {string} text
 * @param {number} line
 */
function probeOf(text, line) {
  const above = text.split("\n").slice(0, line).reverse();
  const heading = above.map((row) => /^export (?:async )?function (\w+)Probe/.exec(row)?.[1]).find(Boolean);
  return heading ?? "";
}
/** A line of consumer code that does not compile: an error there at the base is not the change's. @param {TypeError} error */
const keyOf = (error) => `${error.file}\n${error.text}`;

/**
 * The consumer modules of the base, restricted to some operations.
 * @param {Document} doc
 * @param {(operation: import("../operations.js").DocOperation) => boolean} [only]
 */
export function consumerModules(doc, only) {
  return {
    "sdk.ts": sdkProbe(doc, only),
    "query.ts": queryProbe(doc, only),
    "swr.ts": swrProbe(doc, only),
    "tags.ts": tagsProbe(doc, only),
    ...sampleModules(doc, only),
  };
}

/** @type {WeakMap<Document, Promise<{ generated: Record<string, string>, known: Set<string> }>>} */
const baselines = new WeakMap();

/**
 * The base's generated types, and the errors its own consumer modules give against them (a probe's limits, not a
 * change), computed once per base document; with them, in the same compile, the errors of the consumer files given
 * (consumer-verdicts.js keeps them; a file it has not seen it compiles against the base when it fails).
 * @param {TypeChecker} checker
 * @param {Document} base
 * @param {Record<string, ConsumerFile>} [files]
 */
export function baseline(checker, base, files = {}) {
  let found = baselines.get(base);
  if (!found) {
    found = generatedTypes(base).then((generated) => {
      const modules = consumerModules(base);
      const errors = checker.check(generated, { ...modules, ...files });
      rememberBase(base, files, errors);
      return {
        generated,
        known: new Set(
          Object.keys(modules)
            .flatMap((name) => errors[name] ?? [])
            .map(keyOf),
        ),
      };
    });
    baselines.set(base, found);
  }
  return found;
}

/**
 * The operations whose typed form differs between two documents (removed ones included; added ones have no code).
 * @param {Document} base
 * @param {Document} next
 * @returns {Set<string>}
 */
export function changedOperations(base, next) {
  const [before, after] = [typedForms(base), typedForms(next)];
  return new Set([...before].filter(([id, form]) => after.get(id) !== form).map(([id]) => id));
}

/**
 * One compiled verdict: the errors of one module group for one operation.
 * @param {string} group
 * @param {string} operationId
 * @param {TypeError[]} errors
 * @returns {Change}
 */
function verdictOf(group, operationId, errors) {
  const consumer = consumerOf(/** @type {TypeError} */ (errors[0]).file);
  const onlyExhaustive = errors.every((error) => error.text.endsWith("// exhaustive"));
  const first = /** @type {TypeError} */ (errors.find((error) => !error.text.endsWith("// exhaustive")) ?? errors[0]);
  const why = onlyExhaustive
    ? `breaks exhaustive checks in ${group} only (compiled: ${first.message})`
    : `code using ${group} no longer compiles (${first.file}: \`${first.text}\`: ${first.message})`;
  const kind = onlyExhaustive ? "types-exhaustive-only" : "types-broken";
  const found = change(kind, `(compiled) ${first.file}:${first.line}`, undefined, `${errors.length} error(s)`, {
    [consumer]: ["major", why],
  });
  return { ...found, operationIds: [operationId] };
}

/**
 * The compiled verdicts: per module group and operation, whether code written against the base still compiles
 * against the new document's types, fails only at exhaustive checks, or fails.
 * @param {TypeChecker} checker
 * @param {Document} base
 * @param {Document} next
 * @param {Set<string>} [changed] the operations to compile (by default those whose typed form changed)
 * @param {Record<string, ConsumerFile>} [files] the consumer files of the repository
 *   (by default all of them); those that use the changed operations are compiled
 * @returns {Promise<Change[]>}
 */
export async function typeVerdicts(checker, base, next, changed = changedOperations(base, next), files) {
  if (changed.size === 0) {
    return [];
  }
  const using = filesUsing(files ?? consumerFiles(), base, changed);
  const { known, generated: baseTypes } = await baseline(checker, base, using);
  /** @type {Record<string, string>} */
  const modules = consumerModules(base, (operation) => changed.has(operation.operationId));
  /** @type {Record<string, string>} */
  let generated;
  try {
    generated = await generatedTypes(next);
  } catch (error) {
    throw new Error(`the SDK's types cannot be generated from the document: ${/** @type {Error} */ (error).message}`);
  }
  const errors = checker.check(generated, { ...modules, ...using });
  /** @type {Map<string, TypeError[]>} */
  const byGroup = new Map();
  for (const error of Object.keys(modules).flatMap((name) => errors[name] ?? [])) {
    if (!known.has(keyOf(error))) {
      const operationId = error.file.startsWith("samples/")
        ? error.file.slice("samples/".length).replace(/-\d+\.ts$/, "")
        : probeOf(modules[error.file] ?? "", error.line);
      const key = `${groupOf(error.file)}\n${operationId}`;
      byGroup.set(key, [...(byGroup.get(key) ?? []), error]);
    }
  }
  const probed = [...byGroup].map(([key, found]) => {
    const [group = "", operationId = ""] = key.split("\n");
    return verdictOf(group, operationId, found);
  });
  return [...probed, ...consumerVerdicts(checker, { document: base, generated: baseTypes }, using, errors)];
}
