// @ts-check
// The document as a real server answers it: without the mock's own controls (a node marked `x-mock-only: true` and
// every `$ref` to one, the enum members of `x-mock-only-values`), which the interface's fingerprint leaves out too
// (interface-fingerprint.js). The wire verdicts, and so `info.version`, are judged on it; the SDK's types and the
// mock, which carry the mock's controls, on the whole document.
import { isMockOnly } from "../interface-fingerprint.js";

/**
 * @param {unknown} node
 * @param {import("../document.js").Document} doc
 * @returns {unknown}
 */
function strip(node, doc) {
  if (Array.isArray(node)) {
    return node.filter((item) => !isMockOnly(item, doc)).map((item) => strip(item, doc));
  }
  if (node === null || typeof node !== "object") {
    return node;
  }
  const record = /** @type {Record<string, unknown>} */ (node);
  const hidden = /** @type {unknown[]} */ (record["x-mock-only-values"] ?? []);
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => !isMockOnly(value, doc))
      .map(([key, value]) => [
        key,
        key === "enum" && Array.isArray(value) ? value.filter((member) => !hidden.includes(member)) : strip(value, doc),
      ]),
  );
}

/**
 * The document without the mock's own controls.
 * @param {import("../document.js").Document} doc
 * @returns {import("../document.js").Document}
 */
export const withoutMockOnly = (doc) => /** @type {import("../document.js").Document} */ (strip(doc, doc));
