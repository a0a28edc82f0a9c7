/**
 * Runs a store's changes one at a time, so a check and the write that depends on it cannot
 * interleave, and tells the commit listeners after each change that wrote.
 */
export class ChangeQueue {
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<() => void>();
  /** The store's total write count, which tells whether a change wrote. */
  readonly #writes: () => number;

  constructor(writes: () => number) {
    this.#writes = writes;
  }

  /** Runs `change` after every change queued before it. */
  run<T>(change: () => Promise<T> | T): Promise<T> {
    const result = this.#queue.then(() => this.#runNow(change));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  onCommit(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Runs a change, then tells the commit listeners if it wrote anything (even if it then failed). */
  async #runNow<T>(change: () => Promise<T> | T): Promise<T> {
    const before = this.#writes();
    try {
      return await change();
    } finally {
      if (this.#listeners.size && this.#writes() !== before) {
        for (const listener of this.#listeners) {
          listener();
        }
      }
    }
  }
}
