// @ts-check
// The runtime expressions of `x-affects` (and `x-replaced-by`), as in OpenAPI links: their syntax and
// their value on one call. The one evaluator of them: `pnpm generate` copies this file into
// packages/query/src/generated/ (a mutation's stale query keys) and packages/sdk/src/generated/ (the cache
// tags of @petstore/sdk/tags), the conformance suite imports it from
// @petstore/contract (the x-affects check), and the Spectral rule (openapi/functions/x-affects.js)
// imports it to tell a well-formed expression. Plain JavaScript with JSDoc types, so that all three
// can load it as it is: Spectral bundles its functions with Rollup, which reads JavaScript only.

/** The forms an expression may take, for messages. */
export const EXPRESSION_FORMS = "$request.path.NAME, $request.body#/POINTER or $response.body#/POINTER";

/**
 * An expression, parsed: a path parameter of the call, or a place (a JSON pointer's unescaped
 * segments) in its request or response body.
 * @typedef {{ from: "path", name: string } | { from: "request" | "response", pointer: string, segments: string[] }} AffectsExpression
 */

/**
 * What an expression is evaluated on: the call's path parameters and its request and response bodies.
 * @typedef {object} AffectsCall
 * @property {Readonly<Record<string, unknown>>} [path]
 * @property {unknown} [requestBody]
 * @property {unknown} [responseBody]
 */

/**
 * The unescaped segments of a JSON pointer below the root (`/a/b~1c` → `["a", "b/c"]`), or `undefined`
 * if it is not one.
 * @param {string} pointer
 * @returns {string[] | undefined}
 */
export function pointerSegments(pointer) {
  if (!pointer.startsWith("/") || /~[^01]|~$/.test(pointer)) {
    return undefined;
  }
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * `$request.path.NAME`, `$request.body#/POINTER` or `$response.body#/POINTER`, parsed; `undefined` for
 * anything else.
 * @param {string} expression
 * @returns {AffectsExpression | undefined}
 */
export function parseExpression(expression) {
  const fromPath = /^\$request\.path\.(.+)$/.exec(expression);
  if (fromPath) {
    return { from: "path", name: /** @type {string} */ (fromPath[1]) };
  }
  const fromBody = /^\$(request|response)\.body#(.*)$/.exec(expression);
  const pointer = fromBody?.[2];
  const segments = pointer === undefined ? undefined : pointerSegments(pointer);
  if (!fromBody || pointer === undefined || !segments) {
    return undefined;
  }
  return { from: /** @type {"request" | "response"} */ (fromBody[1]), pointer, segments };
}

/**
 * The value at a pointer's segments in a JSON value; `undefined` where they lead nowhere.
 * @param {unknown} value
 * @param {readonly string[]} segments
 * @returns {unknown}
 */
export function valueAt(value, segments) {
  return segments.reduce(
    (node, key) =>
      node !== null && typeof node === "object" ? /** @type {Record<string, unknown>} */ (node)[key] : undefined,
    value,
  );
}

/**
 * The value of an expression on a call; `undefined` when the expression is not one of the three
 * forms, or names nothing the call has.
 * @param {string} expression
 * @param {AffectsCall} call
 * @returns {unknown}
 */
export function evaluateExpression(expression, call) {
  const parsed = parseExpression(expression);
  return parsed && evaluateParsed(parsed, call);
}

/**
 * The value of an expression parsed beforehand on a call; `undefined` when it names nothing the call has.
 * @param {{ from: "path", name: string } | { from: "request" | "response", segments: readonly string[] }} parsed
 * @param {AffectsCall} call
 * @returns {unknown}
 */
export function evaluateParsed(parsed, call) {
  if (parsed.from === "path") {
    return call.path?.[parsed.name];
  }
  return valueAt(parsed.from === "request" ? call.requestBody : call.responseBody, parsed.segments);
}

/**
 * An expression parsed, written compactly for @petstore/query's operation table (`pnpm generate` parses the
 * expressions, so that the query bundle carries no parser, and writes them this way, so that its table stays
 * small): a mark for where the value is, `=` a path parameter, `<` the request body, `>` the response body,
 * then the parameter's name or the pointer's segments joined by `/`. Throws for what this form cannot hold.
 * @param {{ from: "path", name: string } | { from: "request" | "response", segments: readonly string[] }} parsed
 * @returns {string}
 */
export function compactExpression(parsed) {
  const parts = parsed.from === "path" ? [parsed.name] : parsed.segments;
  const unwritable = parts.find((part) => /[/\s:=<>]/.test(part));
  if (unwritable !== undefined) {
    throw new Error(`${JSON.stringify(unwritable)}: a name or pointer segment with /, :, =, <, > or a space`);
  }
  return `${{ path: "=", request: "<", response: ">" }[parsed.from]}${parts.join("/")}`;
}

/**
 * The value of a compact expression (`compactExpression`) on a call, as `evaluateParsed` gives it; `undefined`
 * when it names nothing the call has.
 * @param {string} compact
 * @param {readonly [path: unknown, requestBody: unknown, responseBody: unknown]} sources the call's path parameters,
 *   request body and response body, in the order of their marks (`=`, `<`, `>`)
 * @returns {unknown}
 */
export function evaluateCompact(compact, sources) {
  return valueAt(sources["=<>".indexOf(compact.charAt(0))], compact.slice(1).split("/"));
}
