// @ts-check
// Spectral function of the rule `x-affects` (openapi/.spectral.yaml): every write operation lists in
// `x-affects` the reads its success can change, and every entry means something. It is given the whole
// document as written (`resolved: false`) and follows its local `$ref`s itself, so a test can call it
// on any document object. Spectral bundles this file with Rollup, which follows its relative import of the
// contract's expression parser (plain JavaScript, the one @petstore/query (a copy) and the conformance
// suite evaluate expressions with), so the three agree on what an expression is.
import { EXPRESSION_FORMS as FORMS, parseExpression } from "../../packages/contract/src/runtime/affects-expression.js";

/** @typedef {{ [key: string]: any }} Node */
/** @typedef {{ message: string, path: (string | number)[] }} Result */

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const WRITES = new Set(["post", "put", "patch", "delete"]);

/**
 * The node at a local `$ref` such as `#/components/schemas/Pet`.
 * @param {Node} root
 * @param {string} ref
 */
function at(root, ref) {
  return ref
    .replace(/^#/, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node, key) => node?.[key], root);
}

/**
 * Follows `$ref`s (local ones; a cycle or an external one ends in `undefined`).
 * @param {Node} root
 * @param {unknown} node
 * @returns {any}
 */
function deref(root, node) {
  let current = /** @type {any} */ (node);
  for (let hops = 0; current && typeof current === "object" && typeof current.$ref === "string"; hops++) {
    current = hops < 50 && current.$ref.startsWith("#") ? at(root, current.$ref) : undefined;
  }
  return current;
}

/**
 * Whether a JSON pointer (its unescaped segments) can point into a value of `schema`: each segment
 * is a property of an object schema (or of an `allOf`/`anyOf`/`oneOf` part), an index of an array
 * schema, or a key that `additionalProperties` allows.
 * @param {Node} root
 * @param {unknown} schema
 * @param {string[]} segments
 * @param {number} [depth]
 * @returns {boolean}
 */
function reaches(root, schema, segments, depth = 0) {
  const node = deref(root, schema);
  if (!node || typeof node !== "object" || depth > 50) {
    return false;
  }
  if (segments.length === 0) {
    return true;
  }
  const [segment, ...rest] = /** @type {[string, ...string[]]} */ (segments);
  const parts = [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  if (parts.some((part) => reaches(root, part, segments, depth + 1))) {
    return true;
  }
  if (node.properties && Object.hasOwn(node.properties, segment)) {
    return reaches(root, node.properties[segment], rest, depth + 1);
  }
  if (node.items && /^(0|[1-9][0-9]*)$/.test(segment)) {
    return reaches(root, node.items, rest, depth + 1);
  }
  if (node.additionalProperties && typeof node.additionalProperties === "object") {
    return reaches(root, node.additionalProperties, rest, depth + 1);
  }
  return false;
}

/**
 * Every operation of the document, with what an `x-affects` entry may refer to.
 * @param {Node} root
 */
function operationsOf(root) {
  const found = [];
  for (const [path, rawItem] of Object.entries(root.paths ?? {})) {
    const item = deref(root, rawItem) ?? {};
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== "object") {
        continue;
      }
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((raw) => deref(root, raw));
      const pathParameters = parameters
        .filter((parameter) => parameter?.in === "path")
        .map((parameter) => String(parameter.name));
      const requestBody = deref(root, operation.requestBody);
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      const response = success && deref(root, success[1]);
      found.push({
        operationId: typeof operation.operationId === "string" ? operation.operationId : `${method} ${path}`,
        method,
        path,
        operation,
        pathParameters,
        requestSchema: requestBody?.content?.["application/json"]?.schema,
        responseSchema: response?.content?.["application/json"]?.schema,
        responseStatus: success?.[0],
      });
    }
  }
  return found;
}

/** @param {unknown} value */
const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** @param {string[]} names */
const listOf = (names) => (names.length ? names.join(", ") : "none");

/**
 * The problems of the `x-affects` lists of a document (`[]` when there is none).
 * @param {unknown} input the document, as written
 * @returns {Result[]}
 */
export default function xAffects(input) {
  if (!isPlainObject(input)) {
    return [];
  }
  const root = /** @type {Node} */ (input);
  const operations = operationsOf(root);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  /** @type {Result[]} */
  const results = [];

  for (const write of operations) {
    const where = ["paths", write.path, write.method, "x-affects"];
    const name = `${write.operationId} (${write.method.toUpperCase()} ${write.path})`;
    const affects = write.operation["x-affects"];
    if (!WRITES.has(write.method)) {
      if (affects !== undefined) {
        results.push({
          message: `${name} is a read: only writes (POST, PUT, PATCH, DELETE) have x-affects`,
          path: where,
        });
      }
      continue;
    }
    if (affects === undefined) {
      results.push({
        message: `${name} has no x-affects: every write must list the read operations whose answers it can change`,
        path: ["paths", write.path, write.method],
      });
      continue;
    }
    if (!Array.isArray(affects) || affects.length === 0) {
      results.push({
        message: `${name}: x-affects must be a non-empty list of { operationId, parameters? } (every write changes some read)`,
        path: where,
      });
      continue;
    }
    /** @type {Set<string>} */
    const seen = new Set();
    for (const [index, entry] of affects.entries()) {
      const entryPath = [...where, index];
      const label = `${name} x-affects[${index}]${isPlainObject(entry) && typeof entry.operationId === "string" ? ` (${entry.operationId})` : ""}`;
      if (!isPlainObject(entry) || typeof entry.operationId !== "string") {
        results.push({
          message: `${label}: an entry must be an object with an operationId (a string)`,
          path: entryPath,
        });
        continue;
      }
      const extra = Object.keys(entry).filter((key) => key !== "operationId" && key !== "parameters");
      if (extra.length) {
        results.push({
          message: `${label}: unknown key ${extra.map((key) => JSON.stringify(key)).join(", ")} (an entry has only operationId and parameters)`,
          path: [...entryPath, /** @type {string} */ (extra[0])],
        });
      }
      const key = JSON.stringify([entry.operationId, entry.parameters ?? {}]);
      if (seen.has(key)) {
        results.push({ message: `${label}: repeats an earlier entry`, path: entryPath });
      }
      seen.add(key);
      const read = byId.get(entry.operationId);
      if (!read) {
        results.push({
          message: `${label}: ${entry.operationId} is not an operation of this document`,
          path: [...entryPath, "operationId"],
        });
        continue;
      }
      if (read.method !== "get") {
        results.push({
          message: `${label}: ${entry.operationId} is a ${read.method.toUpperCase()} operation, not a read (GET)`,
          path: [...entryPath, "operationId"],
        });
        continue;
      }
      if (entry.parameters === undefined) {
        continue;
      }
      if (!isPlainObject(entry.parameters)) {
        results.push({
          message: `${label}: parameters must map path parameters of ${entry.operationId} to runtime expressions`,
          path: [...entryPath, "parameters"],
        });
        continue;
      }
      for (const [parameter, expression] of Object.entries(entry.parameters)) {
        const here = [...entryPath, "parameters", parameter];
        const what = `${label}: parameter ${parameter}`;
        if (!read.pathParameters.includes(parameter)) {
          results.push({
            message: `${what} is not a path parameter of ${entry.operationId} (its path parameters: ${listOf(read.pathParameters)})`,
            path: here,
          });
        }
        if (typeof expression !== "string") {
          results.push({ message: `${what}: the value must be a runtime expression (${FORMS})`, path: here });
          continue;
        }
        const parsed = parseExpression(expression);
        if (parsed?.from === "path") {
          if (!write.pathParameters.includes(parsed.name)) {
            results.push({
              message: `${what}: ${expression} names a path parameter that ${write.operationId} does not have (its path parameters: ${listOf(write.pathParameters)})`,
              path: here,
            });
          }
          continue;
        }
        if (!parsed) {
          results.push({
            message: `${what}: ${JSON.stringify(expression)} is not a runtime expression of the form ${FORMS}`,
            path: here,
          });
          continue;
        }
        const segments = parsed.segments;
        const request = parsed.from === "request";
        const schema = request ? write.requestSchema : write.responseSchema;
        if (schema === undefined) {
          results.push({
            message: `${what}: ${expression} points into the ${request ? "request body" : "success response body"}, but ${write.operationId} has none${request ? "" : ` (${write.responseStatus ?? "no 2xx"} has no JSON content)`}`,
            path: here,
          });
        } else if (!reaches(root, schema, segments)) {
          results.push({
            message: `${what}: ${expression} points at /${segments.join("/")}, which the ${request ? "request body" : "success response"} schema of ${write.operationId} does not have`,
            path: here,
          });
        }
      }
    }
  }
  return results;
}
