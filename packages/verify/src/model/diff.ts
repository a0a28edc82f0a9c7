// Where two JSON values differ, in one line: the evidence of a failed prediction, and of what a
// write changed (the x-affects check).

/** `localeCompare` without arguments: the same order, without a collator made per comparison. */
const collator = new Intl.Collator();
/** The sorted order of each list of keys met (an object's keys, joined), up to `MAX_KEY_ORDERS` of them. */
const keyOrders = new Map<string, string[]>();
/** Records of one shape come again and again; a backend that makes up keys must not grow the map without bound. */
const MAX_KEY_ORDERS = 1024;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** `keys` in `localeCompare` order; sorted once per list of keys (a model record, an answer's), not per object. */
function sortedKeys(node: object, keys: string[]): string[] {
  const joined = keys.join("\u0000");
  const known = keyOrders.get(joined);
  // A key with NUL in it could make two lists join alike: the order is used only for the very same keys.
  if (known && known.length === keys.length && known.every((key) => isEnumerable.call(node, key))) {
    return known;
  }
  const sorted = [...keys].sort(collator.compare);
  if (keyOrders.size < MAX_KEY_ORDERS) {
    keyOrders.set(joined, sorted);
  }
  return sorted;
}

/** The object with its own fields in sorted order: itself when they already are, else a copy in that order. */
function sortedObject(node: object): object {
  const keys = Object.keys(node);
  const order = sortedKeys(node, keys);
  if (order.every((key, index) => key === keys[index])) {
    return node;
  }
  const sorted: Record<string, unknown> = {};
  for (const key of order) {
    const value = (node as Record<string, unknown>)[key];
    if (key === "__proto__") {
      // A field, as `Object.fromEntries` makes it, not the copy's prototype.
      Object.defineProperty(sorted, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
      sorted[key] = value;
    }
  }
  return sorted;
}

/** JSON with sorted keys (as `localeCompare` sorts them), so key order never matters. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, node) =>
    node && typeof node === "object" && !Array.isArray(node) ? sortedObject(node) : node,
  );

/** One answer of a read: enough to tell whether it changed. */
export interface Answer {
  status: number;
  total: string | null;
  body: unknown;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Short text of a value for a failure message. */
export const brief = (value: unknown) => {
  const text = value === undefined ? "(none)" : canonical(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** The first place two JSON values differ, as `[2].quantity: 5 → 4`; "" when they do not. */
export function firstDifference(before: unknown, after: unknown, at = ""): string {
  if (canonical(before) === canonical(after)) {
    return "";
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const here = `${at}[${index}]`;
      if (index >= before.length) {
        return `${here} added: ${brief(after[index])}`;
      }
      if (index >= after.length) {
        return `${here} removed: ${brief(before[index])}`;
      }
      const found = firstDifference(before[index], after[index], here);
      if (found) {
        return found;
      }
    }
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      const here = at ? `${at}.${key}` : key;
      if (!(key in before)) {
        return `${here} added: ${brief(after[key])}`;
      }
      if (!(key in after)) {
        return `${here} removed: ${brief(before[key])}`;
      }
      const found = firstDifference(before[key], after[key], here);
      if (found) {
        return found;
      }
    }
  }
  return `${at || "body"}: ${brief(before)} → ${brief(after)}`;
}

/** Where an actual value first departs from the expected one, and each side there in short. */
export function divergence(
  expected: unknown,
  actual: unknown,
  at = "",
): { at: string; expected: string; received: string } {
  const here = (key: string | number) => (typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${key}` : key);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      if (canonical(expected[index]) !== canonical(actual[index])) {
        return index < expected.length && index < actual.length
          ? divergence(expected[index], actual[index], here(index))
          : { at: here(index), expected: brief(expected[index]), received: brief(actual[index]) };
      }
    }
  }
  if (isRecord(expected) && isRecord(actual)) {
    for (const key of [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort()) {
      if (canonical(expected[key]) !== canonical(actual[key])) {
        return key in expected && key in actual
          ? divergence(expected[key], actual[key], here(key))
          : { at: here(key), expected: brief(expected[key]), received: brief(actual[key]) };
      }
    }
  }
  return { at: at || "body", expected: brief(expected), received: brief(actual) };
}

/** What changed between two answers of one read, in one line; "" when nothing did. */
export function difference(before: Answer, after: Answer): string {
  if (before.status !== after.status) {
    return `status ${before.status} → ${after.status} (${brief(before.body)} → ${brief(after.body)})`;
  }
  const total = before.total === after.total ? "" : `X-Total-Count ${before.total} → ${after.total}`;
  const body = firstDifference(before.body, after.body);
  return [total, body].filter(Boolean).join("; ");
}
