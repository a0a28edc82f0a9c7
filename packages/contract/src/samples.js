// @ts-check
// Each operation's sample request, read from the document's examples (every path parameter's, every
// query parameter's that has one, the request body's), and the success status the document promises
// for it: what the tests send when they need "a valid call of this operation" rather than a story.
import { operations, successStatus } from "./operations.js";

/** @typedef {import("./operations.js").DocOperation} DocOperation */

/**
 * @typedef {object} SampleRequest
 * @property {string} operationId
 * @property {string} method upper case
 * @property {Record<string, string>} path each path parameter's example
 * @property {[string, string][]} query each query parameter's example, in document order (an array as
 *   one pair per item: the document's query parameters are `form`, exploded)
 * @property {string} url the path and query, percent-encoded
 * @property {unknown} [body] the request body's example (its media type's, else its schema's)
 * @property {number} status the documented success status
 */

/**
 * The sample request of an operation, from its examples. Throws when a path parameter, a required
 * query parameter or a required body has no example: the document must give one.
 * @param {DocOperation} operation
 * @returns {SampleRequest}
 */
export function sampleRequest(operation) {
  const where = `${operation.operationId} (${operation.method} ${operation.path})`;
  /** @type {Record<string, string>} */
  const path = {};
  /** @type {[string, string][]} */
  const query = [];
  for (const parameter of operation.parameters) {
    if (parameter.example === undefined) {
      if (parameter.required) {
        throw new Error(`${where}: the ${parameter.in} parameter ${parameter.name} has no example`);
      }
      continue;
    }
    if (parameter.in === "path") {
      path[parameter.name] = String(parameter.example);
    } else if (parameter.in === "query") {
      const values = Array.isArray(parameter.example) ? parameter.example : [parameter.example];
      query.push(...values.map((value) => /** @type {[string, string]} */ ([parameter.name, String(value)])));
    }
  }
  if (operation.body?.required && operation.body.example === undefined) {
    throw new Error(`${where}: the request body has no example`);
  }
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_whole, name) => encodeURIComponent(path[name] ?? ""));
  return {
    operationId: operation.operationId,
    method: operation.method,
    path,
    query,
    url: `${filled}${query.length ? `?${new URLSearchParams(query)}` : ""}`,
    ...(operation.body?.example !== undefined ? { body: operation.body.example } : {}),
    status: successStatus(operation),
  };
}

/** The sample request of every operation of openapi/petstore.yaml, by operationId. */
export const sampleRequests = new Map(operations.map((operation) => [operation.operationId, sampleRequest(operation)]));
