// @ts-check
// The changes of one operation's responses: statuses, the error codes each error status documents (the union a
// `switch` over `error.code` is checked against), headers, and the success body (response side).
import { inline } from "../document.js";
import { schemaChanges } from "./diff-schemas.js";
import { change } from "./levels.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("../operations.js").DocOperation} DocOperation */

const EXHAUSTIVE = "breaks an exhaustive check (a `switch` over `error.code` ending in `never`)";

/**
 * @param {DocOperation} old
 * @param {DocOperation} now
 * @returns {Change[]}
 */
function codeChanges(old, now) {
  const codes = (/** @type {DocOperation} */ operation) => new Set(Object.values(operation.errorCodes).flat());
  const [before, after] = [codes(old), codes(now)];
  const where = `${now.pointer}/responses`;
  /** @type {Change[]} */
  const changes = [];
  const added = [...after].filter((code) => !before.has(code));
  const removed = [...before].filter((code) => !after.has(code));
  if (added.length > 0) {
    changes.push(
      change("error-code-added", where, undefined, added, {
        sdk: ["major", `${now.operationId} may fail with ${added.join(", ")}: ${EXHAUSTIVE} in the SDK's types`],
        query: ["major", `the error of its query, mutation and SWR hooks ${EXHAUSTIVE}`],
        wire: ["minor", `a new error code ${added.join(", ")} (oasdiff: INFO)`],
        mock: ["minor", `the mock may answer ${added.join(", ")}`],
      }),
    );
  }
  if (removed.length > 0) {
    changes.push(
      change("error-code-removed", where, removed, undefined, {
        sdk: ["major", `code handling ${removed.join(", ")} of ${now.operationId} no longer compiles`],
        query: ["major", `code handling ${removed.join(", ")} in its hooks no longer compiles`],
        wire: ["minor", `${removed.join(", ")} is no longer answered`],
        mock: ["minor", `the mock no longer answers ${removed.join(", ")}`],
      }),
    );
  }
  return changes;
}

/**
 * @param {DocOperation} old
 * @param {DocOperation} now
 * @param {import("../document.js").Document} oldDoc
 * @param {import("../document.js").Document} newDoc
 * @returns {Change[]}
 */
export function responseChanges(old, now, oldDoc, newDoc) {
  /** @type {Change[]} */
  const changes = [...codeChanges(old, now)];
  for (const [status, response] of now.responses) {
    const was = old.responses.get(status);
    const where = `${now.pointer}/responses/${status}`;
    if (!was) {
      const error = status >= 400;
      changes.push(
        change("status-added", where, undefined, status, {
          wire: [
            error ? "minor" : "major",
            error ? "a new error status (oasdiff: INFO)" : `a new success status ${status}`,
          ],
          mock: ["minor", `the mock may answer ${status}`],
          ...(error ? {} : { sdk: ["major", `the call's data may be of status ${status}`] }),
        }),
      );
      continue;
    }
    for (const header of response.headers.filter(({ name }) => !was.headers.some((h) => h.name === name))) {
      changes.push(
        change("response-header-added", `${where}/headers/${header.name}`, undefined, header.name, {
          wire: ["minor", `a new header ${header.name}`],
          mock: ["minor", `the mock sends ${header.name}`],
        }),
      );
    }
    for (const header of was.headers.filter(({ name }) => !response.headers.some((h) => h.name === name))) {
      changes.push(
        change("response-header-removed", `${where}/headers/${header.name}`, header.name, undefined, {
          wire: ["major", `${header.name} is no longer sent`],
          mock: ["major", `the mock no longer sends ${header.name}`],
        }),
      );
    }
    if (status < 400 && was.schemaPointer && response.schemaPointer) {
      const [a, b] = [inline({ $ref: was.schemaPointer }, oldDoc), inline({ $ref: response.schemaPointer }, newDoc)];
      changes.push(...schemaChanges(a, b, response.schemaPointer, "response"));
    }
  }
  for (const [status] of old.responses) {
    if (!now.responses.has(status)) {
      const where = `${now.pointer}/responses/${status}`;
      changes.push(
        change("status-removed", where, status, undefined, {
          wire: ["major", `${status} is no longer answered: a client waiting for it is not told`],
          mock: ["major", `the mock no longer answers ${status}`],
        }),
      );
    }
  }
  return changes;
}
