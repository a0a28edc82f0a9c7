// @ts-check
// The interface's fingerprint: a hash of what a client and a server must agree on, so a test can tell
// whether `info.version` (the interface's version, not the packages') moved with the interface.
//
// What counts as the interface: every path and method, each operation's id (the SDK's and the query
// package's names), parameters (name, place, required, schema, style), request bodies, response
// statuses, headers and media types, security requirements and schemes, `deprecated`, every schema
// keyword, the component names `$ref`s point to (the SDK exports types by those names), and the
// extensions that state a fact of the API: `info.x-limits` (the documented bounds), `x-affects` (which
// reads a write changes) and `x-stability` (what may still change).
//
// What does not: prose and presentation, which may change in any release without a new interface
// version. They are the keys in PROSE below wherever they are keywords (a schema property named
// `description` still counts), the document's `info` other than its `x-limits`, `servers` (where the
// API runs, not what it is), the top-level `tags` (grouping for the reference page) and the `openapi`
// line. `x-filter` (how a list's filter selects records) does not count either: it says in a form tools
// read what the parameter's description says, and counts as the description does. Keys are sorted
// before hashing, so reordering a mapping changes nothing; the order of a list (an enum, the
// parameters) is kept.
// Nor do the mock's own controls: a node marked `x-mock-only: true` (the `Prefer` and
// `X-Petstore-Session` parameters, the 507 `MockLimitReached` response) and every `$ref` to one, and
// the enum members a schema lists in `x-mock-only-values`, since a real server never sees or answers them.
import { createHash } from "node:crypto";
import { at, document as theDocument } from "./document.js";

/** Keys that document the interface without being part of it, skipped wherever they are keywords. */
const PROSE = new Set([
  "description",
  "summary",
  "title",
  "example",
  "examples",
  "externalDocs",
  // Runnable snippets for the reference page and the sample runner.
  "x-codeSamples",
  // Whether the reference page offers try-it for an operation.
  "x-hideTryItPanel",
  // Whether a server is listed in generated docs.
  "x-internal",
  // The mock's demo key, a fact of the mock rather than of the API.
  "x-demo-key",
  // How a list's filter selects records: what its parameter's description says, in a form tools read.
  "x-filter",
  // What to call instead of a deprecated operation: guidance for tools, as its prose is for people;
  // `deprecated` and the Deprecation and Sunset headers are the interface.
  "x-replaced-by",
]);

/** Keywords whose value maps names (paths, statuses, properties, components) rather than keywords. */
const NAME_MAPS = new Set([
  "paths",
  "properties",
  "patternProperties",
  "responses",
  "content",
  "headers",
  "schemas",
  "parameters",
  "requestBodies",
  "securitySchemes",
  "links",
  "callbacks",
  "encoding",
  "mapping",
  "scopes",
  "definitions",
]);

/** Keywords whose value is data (a default, an enum's members), kept exactly as written. */
const LITERALS = new Set(["default", "enum", "const"]);

/**
 * Whether a node (or the node its `$ref` points to) is one of the mock's own controls.
 * @param {unknown} node
 * @param {import("./document.js").Document} document
 */
export function isMockOnly(node, document) {
  if (node === null || typeof node !== "object") {
    return false;
  }
  const { $ref } = /** @type {Record<string, unknown>} */ (node);
  const target = typeof $ref === "string" ? at($ref, document) : node;
  return target?.["x-mock-only"] === true;
}

/**
 * The node with prose and the mock's own controls dropped, and its keys sorted.
 * @param {unknown} node
 * @param {boolean} keysAreNames whether the node is a map of names (whose keys are never prose)
 * @param {import("./document.js").Document} document
 * @returns {unknown}
 */
function interfaceOf(node, keysAreNames, document) {
  if (Array.isArray(node)) {
    return node.filter((item) => !isMockOnly(item, document)).map((item) => interfaceOf(item, false, document));
  }
  if (node === null || typeof node !== "object") {
    return node;
  }
  const record = /** @type {Record<string, unknown>} */ (node);
  const mockOnlyValues = /** @type {unknown[]} */ (record["x-mock-only-values"] ?? []);
  /** @type {Record<string, unknown>} */
  const kept = {};
  for (const key of Object.keys(node).sort()) {
    const value = record[key];
    if (isMockOnly(value, document) || key === "x-mock-only-values") {
      continue;
    }
    if (keysAreNames) {
      kept[key] = interfaceOf(value, false, document);
    } else if (key === "enum" && Array.isArray(value)) {
      kept[key] = value.filter((member) => !mockOnlyValues.includes(member));
    } else if (!PROSE.has(key)) {
      // `parameters` is a list in operations and path items, a map of names in components.
      kept[key] = LITERALS.has(key) ? value : interfaceOf(value, NAME_MAPS.has(key) && !Array.isArray(value), document);
    }
  }
  return kept;
}

/**
 * The part of an OpenAPI document that makes its interface, as a plain value (see this file's header).
 * @param {import("./document.js").Document} document
 */
export function interfacePart(document) {
  const { info, openapi: _openapi, servers: _servers, tags: _tags, ...rest } = document;
  return interfaceOf({ ...rest, info: { "x-limits": info["x-limits"] } }, false, document);
}

/**
 * A hash of the document's interface: `sha256:` and 64 hex digits. It changes when a path,
 * operation, parameter, schema, status or header changes, and not when prose does.
 * @param {import("./document.js").Document} [document] default: openapi/petstore.yaml
 * @returns {string}
 */
export function interfaceFingerprint(document = theDocument) {
  return `sha256:${createHash("sha256")
    .update(JSON.stringify(interfacePart(document)))
    .digest("hex")}`;
}
