/** Runs a store's changes one at a time and tells the commit listeners after each change that wrote. */
export interface ChangeQueue {
  /** Runs `change` after every change queued before it. */
  run<T>(change: () => Promise<T> | T): Promise<T>;
  /** `run`, but a change that runs at once and returns without awaiting gives its result (or throws) at once. */
  runNow<T>(change: () => Promise<T> | T): Promise<T> | T;
  onCommit(listener: () => void): () => void;
}

/**
 * One at a time, so a check and the write that depends on it cannot interleave. `writes` is the
 * store's total write count, which tells whether a change wrote. A change that finds the queue idle
 * runs at once, and one that finishes without awaiting anything never enters the queue: most
 * requests (every read, most writes) cost no promise chain and no extra turn of the event loop.
 */
export function changeQueue(writes: () => number): ChangeQueue {
  let queue: Promise<unknown> = Promise.resolve();
  /** Changes started and not yet settled: while any is, a new one waits its turn. */
  let pending = 0;
  /** A change is running its synchronous part now: one it asks for waits until it has returned. */
  let running = false;
  const listeners = new Set<() => void>();
  /** Tells the commit listeners if the change wrote anything (even if it then failed). */
  const committed = (before: number) => {
    if (listeners.size && writes() !== before) {
      for (const listener of listeners) {
        listener();
      }
    }
  };
  /** Runs a change now and tells the commit listeners once it is done: its result, or a promise of it. */
  const execute = <T>(change: () => Promise<T> | T): Promise<T> | T => {
    const before = writes();
    let result: Promise<T> | T;
    try {
      result = change();
    } catch (error) {
      committed(before);
      throw error;
    }
    if (result instanceof Promise) {
      return result.finally(() => committed(before));
    }
    committed(before);
    return result;
  };
  const changes: ChangeQueue = {
    run<T>(change: () => Promise<T> | T): Promise<T> {
      try {
        const result = changes.runNow(change);
        return result instanceof Promise ? result : Promise.resolve(result);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    runNow<T>(change: () => Promise<T> | T): Promise<T> | T {
      if (running) {
        // Asked for by the change running now: it goes after that change, as it would from anywhere else.
        return Promise.resolve().then(() => changes.run(change));
      }
      if (pending === 0) {
        let result: Promise<T> | T;
        running = true;
        try {
          result = execute(change);
        } finally {
          running = false;
        }
        if (!(result instanceof Promise)) {
          return result;
        }
        // A change that awaits holds the queue until it settles.
        pending++;
        const settled = result.finally(() => {
          pending--;
        });
        queue = settled.catch(() => undefined);
        return settled;
      }
      pending++;
      const result = queue
        .then(() => execute(change))
        .finally(() => {
          pending--;
        });
      queue = result.catch(() => undefined);
      return result;
    },
    onCommit(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return changes;
}
