// @ts-check
// Loads openapi/petstore.yaml (document-source.js) and follows its JSON pointers and `$ref`s: the one place that does.
import { controlDocumentPath, documentPath, document as sourceDocument } from "./document-source.js";

/** @typedef {{ [keyword: string]: any }} Node A node of the document as it is written. */

/**
 * @typedef {Node & {
 *   info: Node & { title: string, version: string, "x-limits": Limits },
 *   servers: { url: string }[],
 *   paths: Record<string, Record<string, Node>>,
 *   components: Node & { schemas: Record<string, Node>, headers: Record<string, Node> },
 * }} Document
 */

/**
 * @typedef {{
 *   requestBodyBytes: number,
 *   preferDelayMaxMs: number,
 *   maxPets: number,
 *   maxCategories: number,
 *   maxOrders: number,
 * }} Limits
 */

export { loadDocument } from "./load-document.js";
export { controlDocumentPath, documentPath };

/** @type {Document} The document, parsed once per process. */
export const document = sourceDocument;

/** @param {string} segment */
export const escapePointer = (segment) => segment.replace(/~/g, "~0").replace(/\//g, "~1");
/** @param {string} segment */
const unescapePointer = (segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * The node at a JSON pointer such as `#/components/schemas/Id`.
 * @param {string} pointer
 * @param {Node} [from]
 * @returns {any}
 */
export function at(pointer, from = document) {
  return pointer
    .replace(/^#/, "")
    .split("/")
    .filter(Boolean)
    .reduce((node, key) => node?.[unescapePointer(key)], from);
}

/**
 * Follows `$ref`s; returns the node and the pointer it really lives at.
 * @param {unknown} node
 * @param {string} pointer where `node` is
 * @param {Node} [from]
 * @returns {{ node: Node, pointer: string }}
 */
export function resolve(node, pointer, from = document) {
  let current = /** @type {Node} */ (node);
  let where = pointer;
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    where = current.$ref;
    current = at(where, from);
  }
  return { node: current, pointer: where };
}

/**
 * A copy with every `$ref` inlined (the document has no recursive schema); `x-ref` keeps the name
 * of the component a node came from.
 * @param {unknown} node
 * @param {Node} [from]
 * @returns {any}
 */
export function inline(node, from = document) {
  if (Array.isArray(node)) {
    return node.map((item) => inline(item, from));
  }
  if (!node || typeof node !== "object") {
    return node;
  }
  const object = /** @type {Node} */ (node);
  if (typeof object.$ref === "string") {
    const name = object.$ref.split("/").pop();
    return { ...inline(at(object.$ref, from), from), "x-ref": name };
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, inline(value, from)]));
}

/** The limits the document declares (`info.x-limits`). */
export const limits = document.info["x-limits"];

/** The key the mock accepts unless told otherwise (`x-demo-key` of the bearer scheme). */
export const demoApiKey = /** @type {string} */ (document.components.securitySchemes.bearerAuth["x-demo-key"]);
