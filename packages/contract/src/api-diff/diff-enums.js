// @ts-check
// The graded changes of a schema: a bound that narrows or widens what is valid, and the members of an enum, judged by
// the side the schema is on (what a client sends, or what it receives). A new member of a response enum breaks only
// code with an exhaustive check over the union; a removed member breaks code comparing with it.
import { change } from "./levels.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {"request" | "response"} Side */

/**
 * A narrowing (what was valid is not) or a widening (more is valid), with its verdicts on the side it is on:
 * narrowing what a client sends breaks it (and the mock's validation refuses it, and the SDK's body schemas of
 * @petstore/sdk/schemas when it is a body); any other change of a bound is an addition: a response's bounds are
 * not in the types, and a client that validates responses against the document is rare (see the README's
 * differences with oasdiff).
 * @param {string} kind
 * @param {string} path
 * @param {unknown} old
 * @param {unknown} now
 * @param {Side} side
 * @param {boolean} narrows
 */
export function bound(kind, path, old, now, side, narrows) {
  const breaks = side === "request" && narrows;
  const what = side === "request" ? "what a client may send" : "what a client may receive";
  const why = breaks ? `${what} narrowed: a request that was valid is refused` : `${what} changed compatibly`;
  const bump = breaks ? "major" : "minor";
  return change(kind, path, old, now, {
    wire: [bump, why],
    mock: [bump, `the mock's validation follows: ${why}`],
    ...(side === "request" && path.includes("/requestBody/")
      ? { sdk: [bump, `@petstore/sdk/schemas validates bodies by it: ${why}`] }
      : {}),
  });
}

/**
 * @param {any} old
 * @param {any} now
 * @param {string} path
 * @param {Side} side
 * @returns {Change[]}
 */
export function enumChanges(old, now, path, side) {
  const before = /** @type {unknown[]} */ (old.enum ?? []);
  const after = /** @type {unknown[]} */ (now.enum ?? []);
  const added = after.filter((value) => !before.includes(value));
  const removed = before.filter((value) => !after.includes(value));
  /** @type {Change[]} */
  const changes = [];
  if (old.enum && now.enum && added.length > 0) {
    const exhaustive = "breaks an exhaustive check (a `switch` ending in `never`) over the union";
    changes.push(
      side === "response"
        ? change("response-enum-value-added", `${path}/enum`, before, after, {
            sdk: ["major", `a new member ${added.join(", ")} of a response union ${exhaustive}`],
            query: ["major", `the data of the query hooks ${exhaustive}`],
            wire: ["minor", "a client may receive a value it does not know (oasdiff: INFO)"],
            mock: ["minor", "the mock may answer the new value"],
          })
        : bound("request-enum-value-added", `${path}/enum`, before, after, side, false),
    );
  }
  if (old.enum && removed.length > 0) {
    const kind = side === "request" ? "request-enum-value-removed" : "response-enum-value-removed";
    const verdict = bound(kind, `${path}/enum`, before, now.enum ?? null, side, true);
    verdict.verdicts.sdk = { bump: "major", why: `code comparing with ${removed.join(", ")} no longer compiles` };
    verdict.verdicts.query = { bump: "major", why: "as the SDK's types (the hooks' data and variables)" };
    changes.push(verdict);
  }
  return changes;
}
