/**
 * A set of record keys that iterates in ascending order. Keys mostly arrive in order (they only
 * grow), so it stays a plain insertion-ordered Set and sorts itself only when a smaller key came
 * in after a larger one, at the next ordered read.
 */
export class SortedKeys {
  #keys = new Set<number>();
  #max = Number.NEGATIVE_INFINITY;
  #sorted = true;

  get size(): number {
    return this.#keys.size;
  }

  has(key: number): boolean {
    return this.#keys.has(key);
  }

  add(key: number): void {
    if (key < this.#max) {
      this.#sorted = false;
    } else {
      this.#max = key;
    }
    this.#keys.add(key);
  }

  delete(key: number): void {
    this.#keys.delete(key);
  }

  /** The keys in ascending order. */
  ascending(): Iterable<number> {
    if (!this.#sorted) {
      this.#keys = new Set([...this.#keys].sort((a, b) => a - b));
      this.#sorted = true;
    }
    return this.#keys;
  }
}
