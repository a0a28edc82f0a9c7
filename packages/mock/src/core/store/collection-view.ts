import type { Collection } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";

/** A table's @msw/data collection of records of type T. */
export type Records<T> = Collection<StandardSchemaV1<T, T>>;

/**
 * The reads of an @msw/data collection, for queries in tests. Its writes are left out: they would
 * bypass the table's indexes, so every write goes through the table's `insert`, `update` and
 * `remove`.
 */
export type CollectionView<T> = Pick<Records<T>, "findFirst" | "findMany" | "count" | "all">;

/**
 * A frozen object of reads of the current collection, so that no write is reachable from it, even
 * from JavaScript, and it stays valid when the table replaces its collection (`clear()`).
 */
export function collectionView<T>(records: () => Records<T>): CollectionView<T> {
  return Object.freeze({
    findFirst: ((...args: Parameters<Records<T>["findFirst"]>) =>
      records().findFirst(...args)) as Records<T>["findFirst"],
    findMany: ((...args: Parameters<Records<T>["findMany"]>) => records().findMany(...args)) as Records<T>["findMany"],
    count: () => records().count(),
    // A copy: the collection hands out its own array.
    all: () => records().all().slice(),
  });
}
