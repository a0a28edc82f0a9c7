// Grouping records by a key in one pass: one push per record (rebuilding a group per record, `[...group,
// record]`, made a capture quadratic in one pet's orders).

/** The items by key, each group in the items' order. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) {
      group.push(item);
    } else {
      groups.set(key, [item]);
    }
  }
  return groups;
}
