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
 * The keys to walk, in ascending order, and how many match in all when that is known without
 * walking them: the smallest index filter drives the walk, the others are tested on each key.
 */
function planWalk<T>(source: PageSource<T>, query: PageQuery<T>) {
  const filters: IndexFilter[] = Object.entries(query.where ?? {}).map(([name, values]) => {
    const sets = [...new Set(values)].map((value) => source.keysWhere(name, value));
    return { sets, size: sets.reduce((sum, set) => sum + set.size, 0) };
  });
  filters.sort((a, b) => a.size - b.size);
  const [driver, ...others] = filters;
  if (query.keys) {
    const keys = [...new Set(query.keys)].filter((key) => source.byKey.has(key)).sort((a, b) => a - b);
    // Listed keys drive the walk, so every index filter is tested on them.
    return { candidates: keys, others: driver ? [driver, ...others] : others, exactTotal: undefined };
  }
  if (driver) {
    return { candidates: mergeAscending(driver.sets.map((set) => set.ascending())), others, exactTotal: driver.size };
  }
  return { candidates: source.byKey.keys(), others, exactTotal: source.byKey.size };
}

/**
 * One page of the records that match, in ascending key order, and how many match in all.
 * Costs O(offset + limit) when one index serves every filter, O(candidates) otherwise.
 */
export function readPage<T>(source: PageSource<T>, query: PageQuery<T>): { items: T[]; total: number } {
  const { candidates, others, exactTotal } = planWalk(source, query);
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
