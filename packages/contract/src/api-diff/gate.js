// @ts-check
// The verdict of the change gate: every change from the base to the working document (diff-document.js, and the
// compiled type verdicts of type-verdicts.js), the bump each package needs for them, the bumps the pending
// changesets declare, and each change whose package is released with a lower bump than it needs.
import { readOperations } from "../operations.js";
import { diffDocuments } from "./diff-document.js";
import { CONSUMERS, highest, PACKAGE_OF, rank } from "./levels.js";
import { withoutMockOnly } from "./mock-only.js";
import { typeVerdicts } from "./type-verdicts.js";

/** @typedef {import("./levels.js").Bump} Bump */
/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("../document.js").Document} Document */

/**
 * What `info.version` moved by, from `old` to `now` (MAJOR.MINOR.PATCH).
 * @param {string} old
 * @param {string} now
 * @returns {Bump}
 */
export function versionBump(old, now) {
  const [a, b] = [old, now].map((version) => version.split(".").map(Number));
  const level = /** @type {Bump[]} */ (["major", "minor", "patch"]).find(
    (_, index) => (b?.[index] ?? 0) > (a?.[index] ?? 0),
  );
  return level ?? "none";
}

/**
 * Changes inside an operation the base marks `x-stability: beta` (which "may still change in a minor version") or
 * `experimental` (which "may change or go away") need at most a minor: the document announced them. Removing a beta
 * operation was not announced.
 * @param {Change[]} changes
 * @param {Document} base
 */
function announced(changes, base) {
  const unstable = readOperations(base).filter((operation) => operation.stability !== "stable");
  for (const found of changes) {
    const operation =
      unstable.find(({ pointer }) => found.path === pointer || found.path.startsWith(`${pointer}/`)) ??
      (found.operationIds?.length && found.operationIds.every((id) => unstable.some((op) => op.operationId === id))
        ? unstable.find((op) => op.operationId === found.operationIds?.[0])
        : undefined);
    // Beta operations "may still change in a minor version", experimental ones "may change or go away".
    const announcedHere = operation && !(operation.stability === "beta" && found.kind === "operation-removed");
    for (const verdict of Object.values(found.verdicts)) {
      if (announcedHere && verdict.bump === "major") {
        verdict.bump = "minor";
        verdict.why += ` (${operation.operationId} is ${operation.stability}: announced, so a minor)`;
      }
    }
  }
  return changes;
}

/**
 * Every change, each with its verdicts per consumer.
 * @param {ReturnType<typeof import("./type-check.js").createTypeChecker> | undefined} checker none: rules only
 * @param {Document} base
 * @param {Document} next
 * @param {Change[]} [compiled] the compiled verdicts, when they were compiled already (several edits at once)
 * @param {Record<string, import("./consumer-files.js").ConsumerFile>} [files] the consumer files to compile (by
 *   default the working tree's)
 * @returns {Promise<Change[]>}
 */
export async function judge(checker, base, next, compiled, files) {
  const changes = diffDocuments(base, next);
  // The wire verdicts are those of the documents a real server answers (mock-only.js).
  const wire = new Map(
    diffDocuments(withoutMockOnly(base), withoutMockOnly(next)).map((found) => [`${found.kind} ${found.path}`, found]),
  );
  for (const found of changes) {
    const real = wire.get(`${found.kind} ${found.path}`)?.verdicts.wire;
    if (real) {
      found.verdicts.wire = real;
    } else {
      delete found.verdicts.wire;
    }
  }
  changes.push(...(compiled ?? (checker ? await typeVerdicts(checker, base, next, undefined, files) : [])));
  return announced(changes, base);
}

/**
 * The bump each package (and `info.version`) needs for the changes.
 * @param {Change[]} changes
 * @returns {Record<string, Bump>}
 */
export function requiredBumps(changes) {
  /** @type {Record<string, Bump>} */
  const required = {};
  for (const found of changes) {
    for (const consumer of CONSUMERS) {
      const verdict = found.verdicts[consumer];
      if (verdict) {
        required[PACKAGE_OF[consumer]] = highest(required[PACKAGE_OF[consumer]] ?? "none", verdict.bump);
      }
    }
  }
  return required;
}

/**
 * Each change a package is released for with a lower bump than it needs: the change, the package, the bump needed.
 * @param {Change[]} changes
 * @param {Record<string, Bump>} declared per package; `info.version` for the interface's own version
 * @returns {{ change: Change, package: string, needed: Bump, declared: Bump }[]}
 */
export function shortfalls(changes, declared) {
  /** @type {Map<string, { change: Change, package: string, needed: Bump, declared: Bump }>} */
  const worst = new Map();
  for (const found of changes) {
    for (const consumer of CONSUMERS) {
      const verdict = found.verdicts[consumer];
      const pkg = PACKAGE_OF[consumer];
      const has = declared[pkg] ?? "none";
      if (verdict && rank(verdict.bump) > rank(has)) {
        const key = `${pkg} ${found.kind} ${found.path}`;
        const was = worst.get(key);
        if (!was || rank(verdict.bump) > rank(was.needed)) {
          worst.set(key, { change: found, package: pkg, needed: verdict.bump, declared: has });
        }
      }
    }
  }
  return [...worst.values()];
}
