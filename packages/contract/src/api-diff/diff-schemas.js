// @ts-check
// The changes between two versions of a schema (every `$ref` inlined), judged by the side it is on: a request body or
// parameter (what a client sends: narrowing breaks it) or a response body (what a client reads: a removed or
// optional field, a new enum member break it). The SDK's and the query package's types follow the same verdicts;
// the type check (type-check.js) then proves them against consumer code and may only raise them.
import { bound, enumChanges } from "./diff-enums.js";
import { change } from "./levels.js";
import { BESIDE_REF, collapsed } from "./nullable.js";

/** @typedef {import("./levels.js").Change} Change */
/** @typedef {"request" | "response"} Side */

/** Keywords that bound a value from above (lowering narrows) and from below (raising narrows). */
const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
/**
 * Keywords compared as a whole: any change is a change of what is valid, in a way this file does not grade; all but
 * `pattern` and `format` change the generated type too.
 */
const WHOLE = ["type", "format", "pattern", "allOf", "oneOf", "anyOf", "additionalProperties"];
/** Keywords that are not what a value may be. */
const IGNORED = new Set([
  ...["description", "title", "example", "examples", "x-ref", "readOnly", "writeOnly", "default", BESIDE_REF],
]);

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * @param {any} old
 * @param {any} now
 * @param {string} path
 * @param {Side} side
 * @returns {Change[]}
 */
function propertyChanges(old, now, path, side) {
  const before = old.properties ?? {};
  const after = now.properties ?? {};
  const wasRequired = /** @type {string[]} */ (old.required ?? []);
  const isRequired = /** @type {string[]} */ (now.required ?? []);
  /** @type {Change[]} */
  const changes = [];
  const types = (/** @type {"major" | "minor"} */ bump, /** @type {string} */ why) => ({
    sdk: /** @type {[typeof bump, string]} */ ([bump, why]),
    query: /** @type {[typeof bump, string]} */ ([bump, `as the SDK's types: ${why}`]),
  });
  for (const name of Object.keys(after)) {
    const where = `${path}/properties/${name}`;
    if (!(name in before)) {
      const breaks = side === "request" && isRequired.includes(name);
      const why = breaks ? `a request without ${name} is refused and no longer type-checks` : `${name} is new`;
      changes.push(
        change(breaks ? "request-property-required-added" : `${side}-property-added`, where, undefined, after[name], {
          ...types(breaks ? "major" : "minor", why),
          wire: [breaks ? "major" : "minor", why],
          mock: [breaks ? "major" : "minor", why],
        }),
      );
    } else {
      changes.push(...schemaChanges(before[name], after[name], where, side));
      const nowRequired = isRequired.includes(name) && !wasRequired.includes(name);
      const nowOptional = wasRequired.includes(name) && !isRequired.includes(name);
      if (nowRequired || nowOptional) {
        const breaks = side === "request" ? nowRequired : nowOptional;
        const why = `${name} became ${nowRequired ? "required" : "optional"} in the ${side}`;
        changes.push(
          change(
            `${side}-property-${nowRequired ? "required" : "optional"}`,
            `${path}/required`,
            wasRequired,
            isRequired,
            {
              ...types(breaks ? "major" : "minor", why),
              wire: [breaks ? "major" : "minor", why],
              mock: [breaks ? "major" : "minor", why],
            },
          ),
        );
      }
    }
  }
  for (const name of Object.keys(before).filter((key) => !(key in after))) {
    const why = side === "request" ? `a request with ${name} is refused` : `${name} is no longer in the response`;
    changes.push(
      change(`${side}-property-removed`, `${path}/properties/${name}`, before[name], undefined, {
        ...types("major", `${why}; code using ${name} no longer compiles`),
        wire: ["major", why],
        mock: ["major", why],
      }),
    );
  }
  return changes;
}

/**
 * Every change between two versions of a schema.
 * @param {any} before
 * @param {any} after
 * @param {string} path where the schema is (in the newer document)
 * @param {Side} side
 * @returns {Change[]}
 */
export function schemaChanges(before, after, path, side) {
  const [old, now] = [collapsed(before), collapsed(after)];
  if (!old || !now || same(old, now)) {
    return [];
  }
  /** @type {Change[]} */
  const changes = [...enumChanges(old, now, path, side), ...propertyChanges(old, now, path, side)];
  if (old.items && now.items) {
    changes.push(...schemaChanges(old.items, now.items, `${path}/items`, side));
  }
  for (const key of UPPER) {
    if (!same(old[key], now[key])) {
      const narrows = now[key] !== undefined && (old[key] === undefined || now[key] < old[key]);
      changes.push(bound(`${side}-${key}-changed`, `${path}/${key}`, old[key], now[key], side, narrows));
    }
  }
  for (const key of LOWER) {
    if (!same(old[key], now[key])) {
      const narrows = now[key] !== undefined && (old[key] === undefined || now[key] > old[key]);
      changes.push(bound(`${side}-${key}-changed`, `${path}/${key}`, old[key], now[key], side, narrows));
    }
  }
  if (Boolean(old.nullable) !== Boolean(now.nullable)) {
    const kind = `${side}-nullable-${now.nullable ? "added" : "removed"}`;
    const verdict = bound(kind, `${path}/nullable`, old.nullable, now.nullable, side, !now.nullable);
    if (side === "response" && now.nullable) {
      verdict.verdicts.sdk = { bump: "major", why: "the field may now be null: code reading it no longer compiles" };
      verdict.verdicts.wire = { bump: "major", why: "a client may now receive null" };
      verdict.verdicts.query = { bump: "major", why: "as the SDK's types" };
    }
    if (now[BESIDE_REF] || old[BESIDE_REF]) {
      for (const found of Object.values(verdict.verdicts)) {
        found.why +=
          "; but `nullable` beside a `$ref` is ignored by OpenAPI 3.0 and by the generated types: write `allOf: [{ $ref }]` with it";
      }
    }
    changes.push(verdict);
  }
  for (const key of WHOLE.filter((word) => !same(old[word], now[word]))) {
    const verdict = bound(`${side}-${key}-changed`, `${path}/${key}`, old[key], now[key], side, true);
    verdict.verdicts.wire = { bump: "major", why: `the schema's ${key} changed` };
    verdict.verdicts.mock = { bump: "major", why: `the mock validates and answers by it: the schema's ${key} changed` };
    if (key !== "pattern" && key !== "format") {
      verdict.verdicts.sdk = { bump: "major", why: `the type changed (${key})` };
      verdict.verdicts.query = { bump: "major", why: `as the SDK's types (${key})` };
    }
    changes.push(verdict);
  }
  const graded = new Set([
    ...UPPER,
    ...LOWER,
    ...WHOLE,
    ...IGNORED,
    "enum",
    "properties",
    "required",
    "items",
    "nullable",
  ]);
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (!graded.has(key) && !same(old[key], now[key])) {
      changes.push(
        change(`${side}-${key}-changed`, `${path}/${key}`, old[key], now[key], { wire: ["patch", `${key} changed`] }),
      );
    }
  }
  return changes;
}
