// @ts-check
// The changes of one operation's parameters: added (required breaks every caller), removed (a caller sending it is
// refused, and code passing it no longer compiles), made required or optional, and their schemas (request side).

import { schemaChanges } from "./diff-schemas.js";
import { change } from "./levels.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("../operations.js").DocParameter} DocParameter */

/**
 * @param {DocParameter[]} old
 * @param {DocParameter[]} now
 * @param {string} pointer the operation's pointer
 * @returns {Change[]}
 */
export function parameterChanges(old, now, pointer) {
  const key = (/** @type {DocParameter} */ p) => `${p.in}:${p.name}`;
  const before = new Map(old.map((p) => [key(p), p]));
  const after = new Map(now.map((p) => [key(p), p]));
  /** @type {Change[]} */
  const changes = [];
  for (const [name, parameter] of after) {
    const where = `${pointer}/parameters/${parameter.in}/${parameter.name}`;
    const was = before.get(name);
    if (!was) {
      const breaks = parameter.required;
      const why = breaks
        ? `every call must now send the ${parameter.in} parameter ${parameter.name}`
        : `a new optional ${parameter.in} parameter ${parameter.name}`;
      const bump = breaks ? "major" : "minor";
      changes.push(
        change(breaks ? "parameter-required-added" : "parameter-added", where, undefined, parameter, {
          sdk: [bump, why],
          query: [bump, `${why} (and in the query key)`],
          wire: [bump, why],
          mock: [bump, why],
        }),
      );
      continue;
    }
    if (was.required !== parameter.required) {
      const bump = parameter.required ? "major" : "minor";
      const why = `the ${parameter.in} parameter ${parameter.name} became ${parameter.required ? "required" : "optional"}`;
      changes.push(
        change(
          `parameter-${parameter.required ? "required" : "optional"}`,
          `${where}/required`,
          was.required,
          parameter.required,
          {
            sdk: [bump, why],
            query: [bump, why],
            wire: [bump, why],
            mock: [bump, why],
          },
        ),
      );
    }
    changes.push(...schemaChanges(was.schema, parameter.schema, `${where}/schema`, "request"));
  }
  for (const [name, parameter] of before) {
    if (!after.has(name)) {
      const why = `the ${parameter.in} parameter ${parameter.name} is gone: a call sending it is refused`;
      changes.push(
        change("parameter-removed", `${pointer}/parameters/${parameter.in}/${parameter.name}`, parameter, undefined, {
          sdk: ["major", `${why}, and code passing it no longer compiles`],
          query: ["major", `${why}, and code passing it no longer compiles`],
          wire: ["major", why],
          mock: ["major", why],
        }),
      );
    }
  }
  return changes;
}
