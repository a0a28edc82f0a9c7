// @ts-check
// The changes of the document as a whole: the operations (diff-operations.js), the limits (`info.x-limits`), the
// state rules (the "States" and "Stock and orders" sections of the introduction, which the mock implements and a
// sequence of calls observes), and the security schemes.
import { operationChanges } from "./diff-operations.js";
import { change } from "./levels.js";
import { withNullableRefs } from "./nullable.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("../document.js").Document} Document */

/** The sections of `info.description` that state rules: what a sequence of calls returns. */
const RULE_SECTIONS = ["States", "Stock and orders"];

/**
 * The text of a `## NAME` section of the introduction, up to the next section.
 * @param {Document} doc
 * @param {string} name
 */
function section(doc, name) {
  const text = String(doc.info?.description ?? "");
  const start = text.indexOf(`## ${name}\n`);
  if (start < 0) {
    return undefined;
  }
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

/**
 * @param {Document} oldDoc
 * @param {Document} newDoc
 * @returns {Change[]}
 */
function limitChanges(oldDoc, newDoc) {
  /** @type {Record<string, number>} */
  const before = oldDoc.info?.["x-limits"] ?? {};
  /** @type {Record<string, number>} */
  const after = newDoc.info?.["x-limits"] ?? {};
  /** @type {Change[]} */
  const changes = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [before[name], after[name]];
    if (was === is) {
      continue;
    }
    const lower = is === undefined || (was !== undefined && is < was);
    const why = `${name} ${was ?? "(none)"} -> ${is ?? "(none)"}: ${lower ? "a request or a store that fitted no longer does" : "more fits"}`;
    changes.push(
      change(lower ? "limit-lowered" : "limit-raised", `#/info/x-limits/${name}`, was, is, {
        wire: [lower ? "major" : "minor", why],
        mock: [lower ? "major" : "minor", `the mock enforces ${why}`],
      }),
    );
  }
  return changes;
}

/**
 * @param {Document} oldDoc
 * @param {Document} newDoc
 * @returns {Change[]}
 */
function ruleChanges(oldDoc, newDoc) {
  return RULE_SECTIONS.filter((name) => section(oldDoc, name) !== section(newDoc, name)).map((name) => {
    const [was, is] = [section(oldDoc, name), section(newDoc, name)];
    const lines = (/** @type {string | undefined} */ text) =>
      new Set((text ?? "").split("\n").map((line) => line.trim()));
    const [a, b] = [lines(was), lines(is)];
    const why = `the state rules (${name}) changed: what a sequence of calls returns differs`;
    return change(
      "state-rule-changed",
      `#/info/description (## ${name})`,
      [...a].filter((line) => !b.has(line)).join(" / "),
      [...b].filter((line) => !a.has(line)).join(" / "),
      { mock: ["major", `the mock must implement it: ${why}`], wire: ["major", why] },
    );
  });
}

/**
 * @param {Document} oldDoc
 * @param {Document} newDoc
 * @returns {Change[]}
 */
function schemeChanges(oldDoc, newDoc) {
  const before = oldDoc.components?.securitySchemes ?? {};
  const after = newDoc.components?.securitySchemes ?? {};
  const strip = (/** @type {any} */ scheme) =>
    JSON.stringify({ ...scheme, description: undefined, "x-demo-key": undefined });
  return Object.keys(before)
    .filter((name) => strip(before[name]) !== strip(after[name]))
    .map((name) =>
      change("security-scheme-changed", `#/components/securitySchemes/${name}`, before[name], after[name], {
        wire: ["major", `the ${name} scheme changed: clients authenticate otherwise`],
        mock: ["major", `the mock authenticates by the new ${name}`],
        sdk: ["major", `the client's credentials follow ${name}`],
      }),
    );
}

/**
 * Every change from `base` to `next`, each with its consequence and bump per consumer.
 * @param {Document} base
 * @param {Document} next
 * @returns {Change[]}
 */
export function diffDocuments(base, next) {
  // A `nullable` beside a `$ref` is seen as the `allOf` form (nullable.js); the model would drop it.
  const [oldDoc, newDoc] = [withNullableRefs(base), withNullableRefs(next)];
  return [
    ...operationChanges(oldDoc, newDoc),
    ...limitChanges(oldDoc, newDoc),
    ...ruleChanges(oldDoc, newDoc),
    ...schemeChanges(oldDoc, newDoc),
  ];
}
