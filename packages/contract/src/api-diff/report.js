// @ts-check
// The gate's report: one line per change and consumer, grouped by consumer, with the document path, the old and the
// new value and the bump; then the bumps needed against those declared, and one line per shortfall.
import { CONSUMER_NAMES, CONSUMERS } from "./levels.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("./levels.js").Bump} Bump */

/** A value in a line: JSON, cut to 60 characters. @param {unknown} value */
const short = (value) => {
  if (value === undefined) {
    return "(none)";
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * The report's lines.
 * @param {{ changes: Change[], required: Record<string, Bump>, declared: Record<string, Bump>, shortfalls: ReturnType<typeof import("./gate.js").shortfalls>, base: string }} result
 * @returns {string[]}
 */
export function reportLines({ changes, required, declared, shortfalls, base }) {
  if (changes.length === 0) {
    return [`api:diff: no change of the interface since ${base}`];
  }
  const lines = [`api:diff: ${changes.length} change(s) since ${base}`];
  for (const consumer of CONSUMERS) {
    const mine = changes.filter((found) => found.verdicts[consumer]);
    if (mine.length === 0) {
      continue;
    }
    lines.push("", CONSUMER_NAMES[consumer]);
    for (const found of mine) {
      const verdict = /** @type {{ bump: Bump, why: string }} */ (found.verdicts[consumer]);
      lines.push(
        `  ${verdict.bump.padEnd(5)} ${found.kind} at ${found.path}: ${short(found.old)} -> ${short(found.new)}: ${verdict.why}`,
      );
    }
  }
  lines.push("", "bumps: needed / declared by the pending changesets");
  for (const [pkg, bump] of Object.entries(required)) {
    lines.push(`  ${pkg}: ${bump} / ${declared[pkg] ?? "none"}`);
  }
  for (const { change, package: pkg, needed, declared: has } of shortfalls) {
    lines.push(
      `api:diff: ${change.kind} at ${change.path} needs a ${needed} of ${pkg}; ${pkg === "info.version" ? "info.version moved by" : "the pending changesets declare"} ${has}`,
    );
  }
  return lines;
}
