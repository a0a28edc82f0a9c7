// JSON with its keys sorted, so key order never matters: what the model's predictions and the answers are
// compared as, on every command. Each list of keys is sorted once, and an object already in order is written as it is.

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

/**
 * The object with its own fields in sorted order, as a plain object: itself when it is one already in that order,
 * else a copy (of a boxed string too, whose characters JSON then writes as fields, as it always has).
 */
function sortedObject(node: object): object {
  const keys = Object.keys(node);
  const order = sortedKeys(node, keys);
  const prototype = Object.getPrototypeOf(node);
  if ((prototype === Object.prototype || prototype === null) && order.every((key, index) => key === keys[index])) {
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
