// @ts-check
// The changes of a write's `x-affects`: which cached reads a successful call refreshes. An entry added makes
// @petstore/query invalidate (and SWR revalidate) one more read, and @petstore/sdk/tags give one more Next.js tag
// to revalidate; an entry removed makes those reads stop refreshing, so an app shows stale data after the write:
// a change of cache behaviour that no type reveals, released as a major.
import { change } from "./levels.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("../operations.js").DocOperation} DocOperation */
/** @typedef {import("../operations.js").DocAffect} DocAffect */

/** @param {DocAffect} affect */
const describe = (affect) => {
  const narrowed = Object.entries(affect.parameters).map(([name, value]) => `${name}=${value}`);
  return narrowed.length ? `${affect.operationId}(${narrowed.join(", ")})` : affect.operationId;
};

/**
 * @param {DocOperation} old
 * @param {DocOperation} now
 * @returns {Change[]}
 */
export function affectsChanges(old, now) {
  const before = new Set(old.affects.map(describe));
  const after = new Set(now.affects.map(describe));
  const where = `${now.pointer}/x-affects`;
  /** @type {Change[]} */
  const changes = [];
  for (const read of [...after].filter((entry) => !before.has(entry))) {
    changes.push(
      change("x-affects-added", where, undefined, read, {
        query: ["minor", `${now.operationId} now also invalidates (SWR: revalidates) the cached ${read}`],
        next: ["minor", `${now.operationId}'s tags now include ${read}'s: revalidateTag refreshes it`],
      }),
    );
  }
  for (const read of [...before].filter((entry) => !after.has(entry))) {
    changes.push(
      change("x-affects-removed", where, read, undefined, {
        query: [
          "major",
          `cache behaviour: ${now.operationId} no longer invalidates the cached ${read}, which stays stale`,
        ],
        next: [
          "major",
          `cache behaviour: ${now.operationId}'s tags no longer include ${read}'s: pages keep stale data`,
        ],
      }),
    );
  }
  return changes;
}
