// @ts-check
// The violations the current test is judged on: recorded as responses are checked, taken and
// asserted after each test by the set-up (install.js). One list per test file's module graph.
import { formatViolation } from "../checker/exchange.js";

/** @typedef {import("../checker/exchange.js").Violation} Violation */
/**
 * Called once per checked response, e.g. to count them.
 * @typedef {(operationId: string | undefined, status: number, violations: number) => void} OnChecked
 */

/** @type {string[]} */
const violations = [];
/** @type {Set<Promise<unknown>>} Checks still reading a response (MSW responses are read as streams). */
const pending = new Set();
/** @type {OnChecked | undefined} */
let onChecked;

/** @param {OnChecked | undefined} callback told about every checked response (the set-up's `onChecked` option) */
export function setOnChecked(callback) {
  onChecked = callback;
}

/**
 * Adds violations to the list the current test is judged on; returns them as text.
 * @param {string | undefined} operationId
 * @param {number} status
 * @param {Violation[]} found
 * @returns {string[]}
 */
export function recordViolations(operationId, status, found) {
  onChecked?.(operationId, status, found.length);
  const lines = found.map(formatViolation);
  violations.push(...lines);
  return lines;
}

/**
 * Records a check that finishes later; the violations are taken only once it has.
 * @param {Promise<unknown>} check
 */
export function recordPending(check) {
  const settled = check.catch((/** @type {Error} */ error) =>
    violations.push(`self-check could not read a mocked response: ${error.message}`),
  );
  pending.add(settled);
  settled.finally(() => pending.delete(settled));
}

/**
 * Waits for asynchronous checks, then returns and clears the violations.
 * @returns {Promise<string[]>}
 */
export async function takeViolations() {
  while (pending.size) {
    await Promise.allSettled([...pending]);
  }
  return violations.splice(0);
}

/**
 * Fails with every violation recorded since the last call: the operation, status and the rule that broke.
 * @param {string} when
 */
export async function assertNoViolations(when) {
  const found = await takeViolations();
  if (found.length) {
    throw new Error(
      `self-check: ${when} the mock sent ${found.length} response(s) that openapi/petstore.yaml does not allow:\n  ${found.join("\n  ")}`,
    );
  }
}
