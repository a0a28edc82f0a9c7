import { SortedKeys } from "./sorted-keys.js";

/** What a record is filed under in one index, or undefined to leave it out of that index. */
export type KeyFunction<T> = (record: T) => string | number | undefined;
type IndexValue = string | number | undefined;

const EMPTY = new SortedKeys();

/**
 * A table's secondary indexes: for each named function, the keys of the records filed under each
 * value it returns, so a filtered read costs the records that match, not the whole table.
 */
export class SecondaryIndexes<T> {
  readonly #functions: Record<string, KeyFunction<T>>;
  readonly #indexes = new Map<string, Map<string | number, SortedKeys>>();

  constructor(functions: Record<string, KeyFunction<T>> = {}) {
    this.#functions = functions;
    for (const name of Object.keys(functions)) {
      this.#indexes.set(name, new Map());
    }
  }

  /** The keys filed under `value` in the index `name`, in ascending order. */
  keysWhere(name: string, value: string | number): SortedKeys {
    return this.#indexes.get(name)?.get(value) ?? EMPTY;
  }

  /** What `record` is filed under in each index, in the order of the index functions. */
  valuesOf(record: T): [name: string, value: IndexValue][] {
    return Object.entries(this.#functions).map(([name, keyFunction]) => [name, keyFunction(record)]);
  }

  file(record: T, key: number): void {
    for (const [name, value] of this.valuesOf(record)) {
      this.#fileValue(name, value, key);
    }
  }

  unfile(record: T, key: number): void {
    for (const [name, value] of this.valuesOf(record)) {
      this.#unfileValue(name, value, key);
    }
  }

  /** Moves a changed record to its new values, touching only the indexes whose value changed. */
  refile(before: ReturnType<SecondaryIndexes<T>["valuesOf"]>, record: T, key: number): void {
    this.valuesOf(record).forEach(([name, value], at) => {
      if (before[at]![1] !== value) {
        this.#unfileValue(name, before[at]![1], key);
        this.#fileValue(name, value, key);
      }
    });
  }

  clear(): void {
    for (const index of this.#indexes.values()) {
      index.clear();
    }
  }

  #fileValue(name: string, value: IndexValue, key: number): void {
    if (value === undefined) {
      return;
    }
    const index = this.#indexes.get(name)!;
    const keys = index.get(value) ?? new SortedKeys();
    index.set(value, keys);
    keys.add(key);
  }

  #unfileValue(name: string, value: IndexValue, key: number): void {
    const index = this.#indexes.get(name)!;
    const keys = value === undefined ? undefined : index.get(value);
    keys?.delete(key);
    if (keys?.size === 0) {
      index.delete(value!);
    }
  }
}
