// @ts-check
// The words of the change gate (`pnpm api:diff`): the bumps a change can need, the consumers it is judged
// for, and which published package each consumer is released in.

/** The bumps, from none to major. */
export const BUMPS = /** @type {const} */ (["none", "patch", "minor", "major"]);
/** @typedef {(typeof BUMPS)[number]} Bump */

/**
 * The consumers of the document a change is judged for: the SDK's types, @petstore/query (TanStack Query keys,
 * x-affects invalidation, SWR hooks), the Next.js tags of @petstore/sdk/tags, the mock's rules, and the wire
 * (clients not generated from the document, as the usual OpenAPI diff tools judge it).
 */
export const CONSUMERS = /** @type {const} */ (["sdk", "query", "next", "mock", "wire"]);
/** @typedef {(typeof CONSUMERS)[number]} Consumer */

/** What each consumer is called in the report. */
export const CONSUMER_NAMES = {
  sdk: "@petstore/sdk types",
  query: "@petstore/query (TanStack Query, SWR hooks, query keys)",
  next: "Next.js tags (@petstore/sdk/tags)",
  mock: "@petstore/mock rules",
  wire: "wire (clients not generated from the document; info.version)",
};

/** The package each consumer is released in; the wire is the interface's own version, `info.version`. */
export const PACKAGE_OF = {
  sdk: "@petstore/sdk",
  query: "@petstore/query",
  next: "@petstore/sdk",
  mock: "@petstore/mock",
  wire: "info.version",
};

/** @param {Bump} bump */
export const rank = (bump) => BUMPS.indexOf(bump);

/**
 * The higher of bumps.
 * @param {Bump[]} bumps
 * @returns {Bump}
 */
export const highest = (...bumps) => bumps.reduce((a, b) => (rank(b) > rank(a) ? b : a), "none");

/**
 * @typedef {object} Change
 * @property {string} kind a short name of the class of change (`error-code-added`, `x-affects-removed`, …)
 * @property {string} path the document path (a JSON pointer) the change is at
 * @property {unknown} old the value at the base (undefined when added)
 * @property {unknown} new the value now (undefined when removed)
 * @property {Partial<Record<Consumer, { bump: Bump, why: string }>>} verdicts each consumer it concerns
 * @property {string[]} [operationIds] the operations whose consumer code a compiled verdict comes from
 */

/**
 * A change with the same consequence for several consumers.
 * @param {string} kind
 * @param {string} path
 * @param {unknown} old
 * @param {unknown} now
 * @param {Partial<Record<Consumer, [Bump, string]>>} verdicts
 * @returns {Change}
 */
export function change(kind, path, old, now, verdicts) {
  /** @type {Change["verdicts"]} */
  const out = {};
  for (const [consumer, [bump, why]] of /** @type {[Consumer, [Bump, string]][]} */ (Object.entries(verdicts))) {
    out[consumer] = { bump, why };
  }
  return { kind, path, old, new: now, verdicts: out };
}
