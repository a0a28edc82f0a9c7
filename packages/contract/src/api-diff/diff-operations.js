// @ts-check
// The changes of the operations: added, removed, and for each one in both documents its parameters, request body,
// responses, `x-affects`, deprecation and sunset, security and stability.

import { readOperations } from "../operations.js";
import { affectsChanges } from "./diff-affects.js";
import { parameterChanges } from "./diff-parameters.js";
import { responseChanges } from "./diff-responses.js";
import { schemaChanges } from "./diff-schemas.js";
import { change } from "./levels.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {import("../operations.js").DocOperation} DocOperation */
/** @typedef {import("../document.js").Document} Document */

const ALL = /** @type {const} */ (["sdk", "query", "mock", "wire"]);
/** @param {"major" | "minor" | "patch"} bump @param {string} why @param {boolean} [read] also the Next.js tags */
const everyone = (bump, why, read = false) =>
  Object.fromEntries([...ALL, ...(read ? ["next"] : [])].map((consumer) => [consumer, [bump, why]]));

/**
 * @param {DocOperation} old
 * @param {DocOperation} now
 * @param {{ old: Document, now: Document }} docs
 * @returns {Change[]}
 */
function lifecycleChanges(old, now, docs) {
  /** @type {Change[]} */
  const changes = [];
  if (old.deprecated !== now.deprecated) {
    changes.push(
      change(
        now.deprecated ? "deprecated" : "undeprecated",
        `${now.pointer}/deprecated`,
        old.deprecated,
        now.deprecated,
        {
          sdk: [
            "minor",
            now.deprecated ? `${now.operationId} is marked @deprecated in editors` : "no longer deprecated",
          ],
          wire: ["minor", now.deprecated ? "deprecated: plan to move off it" : "no longer deprecated"],
        },
      ),
    );
  }
  if (old.sunset !== now.sunset) {
    const earlier =
      Boolean(old.sunset && now.sunset && now.sunset < old.sunset) ||
      Boolean(old.sunset && !now.sunset && now.deprecated);
    const why = earlier
      ? `${now.operationId}'s sunset moved earlier (${old.sunset} -> ${now.sunset}): clients have less time than announced`
      : `${now.operationId}'s sunset is ${now.sunset ?? "gone"} (was ${old.sunset ?? "none"})`;
    changes.push(
      change(
        earlier ? "sunset-earlier" : "sunset-changed",
        now.pointer,
        old.sunset,
        now.sunset,
        everyone(earlier ? "major" : "minor", why),
      ),
    );
  }
  const security = (/** @type {Document} */ doc, /** @type {DocOperation} */ op) =>
    JSON.stringify(doc.paths[op.path]?.[op.method.toLowerCase()]?.security ?? doc.security ?? []);
  const [was, is] = [security(docs.old, old), security(docs.now, now)];
  if (was !== is) {
    const looser = is === "[]" || is === "[{}]";
    const why = looser
      ? `${now.operationId} no longer requires authentication`
      : `${now.operationId} requires other credentials`;
    changes.push(
      change("security-changed", `${now.pointer}/security`, JSON.parse(was), JSON.parse(is), {
        wire: [looser ? "minor" : "major", why],
        mock: [looser ? "minor" : "major", why],
        sdk: [looser ? "minor" : "major", why],
      }),
    );
  }
  if (old.stability !== now.stability) {
    changes.push(
      change(
        "stability-changed",
        `${now.pointer}/x-stability`,
        old.stability,
        now.stability,
        everyone("minor", `${now.operationId} is ${now.stability} (was ${old.stability})`),
      ),
    );
  }
  return changes;
}

/**
 * @param {DocOperation} old
 * @param {DocOperation} now
 * @param {{ old: Document, now: Document }} docs
 * @returns {Change[]}
 */
function bodyChanges(old, now, docs) {
  if (!old.body && !now.body) {
    return [];
  }
  if (!old.body || !now.body) {
    const breaks = Boolean(now.body?.required);
    return [
      change(
        now.body ? "request-body-added" : "request-body-removed",
        `${now.pointer}/requestBody`,
        old.body?.schema,
        now.body?.schema,
        everyone(breaks || !now.body ? "major" : "minor", `the request body was ${now.body ? "added" : "removed"}`),
      ),
    ];
  }
  /** @type {Change[]} */
  const changes = schemaChanges(old.body.schema, now.body.schema, now.body.pointer, "request");
  if (!old.body.required && now.body.required) {
    changes.push(
      change(
        "request-body-required",
        `${now.pointer}/requestBody/required`,
        false,
        true,
        everyone("major", "the request body became required"),
      ),
    );
  }
  void docs;
  return changes;
}

/**
 * Every change of the operations between two documents.
 * @param {Document} oldDoc
 * @param {Document} newDoc
 * @returns {Change[]}
 */
export function operationChanges(oldDoc, newDoc) {
  const key = (/** @type {DocOperation} */ op) => `${op.method} ${op.path}`;
  const before = new Map(readOperations(oldDoc).map((op) => [key(op), op]));
  const after = new Map(readOperations(newDoc).map((op) => [key(op), op]));
  const docs = { old: oldDoc, now: newDoc };
  /** @type {Change[]} */
  const changes = [];
  for (const [name, now] of after) {
    const old = before.get(name);
    if (!old) {
      changes.push(
        change(
          "operation-added",
          now.pointer,
          undefined,
          `${name} (${now.operationId})`,
          everyone("minor", `new operation ${now.operationId}`, now.method === "GET"),
        ),
      );
      continue;
    }
    if (old.operationId !== now.operationId) {
      changes.push(
        change(
          "operation-renamed",
          `${now.pointer}/operationId`,
          old.operationId,
          now.operationId,
          everyone(
            "major",
            `${old.operationId} is now called ${now.operationId}: its query keys, tags and types change`,
            true,
          ),
        ),
      );
    }
    changes.push(
      ...parameterChanges(old.parameters, now.parameters, now.pointer),
      ...bodyChanges(old, now, docs),
      ...responseChanges(old, now, oldDoc, newDoc),
      ...affectsChanges(old, now),
      ...lifecycleChanges(old, now, docs),
    );
  }
  for (const [name, old] of before) {
    if (!after.has(name)) {
      changes.push(
        change(
          "operation-removed",
          old.pointer,
          `${name} (${old.operationId})`,
          undefined,
          everyone("major", `${old.operationId} is gone`, old.method === "GET"),
        ),
      );
    }
  }
  return changes;
}
