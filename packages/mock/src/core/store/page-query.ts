import type { SortedKeys } from "./sorted-keys.js";

export interface PageQuery<T> {
  /** Filters served by indexes: each names an index and the values that match (any of them). */
  where?: Record<string, readonly (string | number)[]>;
  /** Ids to restrict to, in any order. */
  keys?: readonly number[];
  /** A filter no index serves, tested on each candidate. */
  predicate?: (record: T) => boolean;
  offset: number;
  limit: number;
}

/** What a page is read from: the records by key, in ascending key order, and the table's indexes. */
export interface PageSource<T> {
  readonly byKey: ReadonlyMap<number, T>;
  keysWhere(name: string, value: string | number): SortedKeys;
}

/** One filter of `where`: the key sets of its values (a key matches if it is in any), and their total size. */
interface IndexFilter {
  sets: SortedKeys[];
  size: number;
}

/** Yields the union of several id sets, each in ascending order, in ascending order. */
function* mergeAscending(sets: ReadonlyArray<Iterable<number>>): Generator<number> {
  if (sets.length === 1) {
    yield* sets[0]!;
    return;
  }
  const iterators = sets.map((set) => set[Symbol.iterator]());
  const heads = iterators.map((iterator) => iterator.next());
  for (;;) {
    let smallest = -1;
    for (let index = 0; index < heads.length; index++) {
      const head = heads[index]!;
      if (!head.done && (smallest === -1 || head.value < (heads[smallest]!.value as number))) {
        smallest = index;
      }
    }
    if (smallest === -1) {
      return;
    }
    yield heads[smallest]!.value as number;
    heads[smallest] = iterators[smallest]!.next();
  }
}

/**
 * One page of the records that match, in ascending key order, and how many match in all.
 * Costs O(offset + limit) when one index serves every filter, O(candidates) otherwise.
 */
export function readPage<T>(source: PageSource<T>, query: PageQuery<T>): { items: T[]; total: number } {
  const filters: IndexFilter[] = Object.entries(query.where ?? {}).map(([name, values]) => {
    const sets = [...new Set(values)].map((value) => source.keysWhere(name, value));
    return { sets, size: sets.reduce((sum, set) => sum + set.size, 0) };
  });
  // The smallest index filter drives the walk (unless listed keys do); the others are tested on each key.
  filters.sort((a, b) => a.size - b.size);
  const [driver, ...others] = filters;
  let candidates: Iterable<number>;
  let exactTotal: number | undefined;
  if (query.keys) {
    candidates = [...new Set(query.keys)].filter((key) => source.byKey.has(key)).sort((a, b) => a - b);
    if (driver) {
      others.unshift(driver);
    }
  } else if (driver) {
    candidates = mergeAscending(driver.sets.map((set) => set.ascending()));
    exactTotal = driver.size;
  } else {
    candidates = source.byKey.keys();
    exactTotal = source.byKey.size;
  }
  const matches = (key: number) =>
    others.every((filter) => filter.sets.some((set) => set.has(key))) &&
    (!query.predicate || query.predicate(source.byKey.get(key)!));
  const needsCount = others.length > 0 || query.predicate !== undefined || exactTotal === undefined;
  const items: T[] = [];
  let total = 0;
  for (const key of candidates) {
    if (!matches(key)) {
      continue;
    }
    if (total >= query.offset && items.length < query.limit) {
      items.push(source.byKey.get(key)!);
    }
    total++;
    if (!needsCount && (items.length === query.limit || total > query.offset + query.limit)) {
      break;
    }
  }
  return { items, total: needsCount ? total : exactTotal! };
}
