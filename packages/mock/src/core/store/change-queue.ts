/** Runs a store's changes one at a time and tells the commit listeners after each change that wrote. */
export interface ChangeQueue {
  /** Runs `change` after every change queued before it. */
  run<T>(change: () => Promise<T> | T): Promise<T>;
  onCommit(listener: () => void): () => void;
}

/**
 * One at a time, so a check and the write that depends on it cannot interleave. `writes` is the
 * store's total write count, which tells whether a change wrote.
 */
export function changeQueue(writes: () => number): ChangeQueue {
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<() => void>();
  /** Runs a change, then tells the commit listeners if it wrote anything (even if it then failed). */
  const runNow = async <T>(change: () => Promise<T> | T): Promise<T> => {
    const before = writes();
    try {
      return await change();
    } finally {
      if (listeners.size && writes() !== before) {
        for (const listener of listeners) {
          listener();
        }
      }
    }
  };
  return {
    run(change) {
      const result = queue.then(() => runNow(change));
      queue = result.catch(() => undefined);
      return result;
    },
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
