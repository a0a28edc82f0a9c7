/**
 * The most records a table undoes one by one on `rollback()`. Past it, putting the whole table back
 * costs less: the collection scans all its records to remove one.
 */
const MOST_UNDONE = 100;

/** The writes an undo replays, on the table it undoes. */
export interface UndoTarget<T> {
  get(key: number): T | undefined;
  update(record: T, changes: Partial<T>): T;
  remove(record: T): void;
}

/**
 * What a table's records were before the writes since `markClean()`, so `rollback()` can undo them
 * in time proportional to the changes, not to the table.
 */
export class UndoJournal<T extends object> {
  /**
   * Each key written, with its record as it was at `markClean()` (null: there was none). Undefined
   * when not kept: never marked, emptied or loaded since, or more than MOST_UNDONE keys.
   */
  #before: Map<number, T | null> | undefined;
  /** The table's next key at `markClean()`. */
  cleanNextKey = 1;

  markClean(nextKey: number): void {
    this.#before = new Map();
    this.cleanNextKey = nextKey;
  }

  /** Stops keeping changes: the next rollback cannot undo record by record. */
  forget(): void {
    this.#before = undefined;
  }

  /** Keeps the record under `key` as it is now (`current`), the first time it changes since `markClean()`. */
  remember(key: number, current: T | undefined): void {
    const before = this.#before;
    if (!before || before.has(key)) {
      return;
    }
    if (before.size >= MOST_UNDONE) {
      this.#before = undefined;
      return;
    }
    before.set(key, current ? { ...current } : null);
  }

  /**
   * Puts back each record kept, through the table's own writes. Returns false, changing nothing, when
   * it cannot: the changes were not kept, were too many, or removed a record that was there (put back,
   * it would break the ascending key order).
   */
  undo(table: UndoTarget<T>): boolean {
    const journal = this.#before;
    if (!journal || [...journal].some(([key, before]) => before && !table.get(key))) {
      return false;
    }
    this.#before = undefined;
    for (const [key, before] of journal) {
      const live = table.get(key);
      if (!before) {
        if (live) {
          table.remove(live);
        }
        continue;
      }
      const changes: Record<string, unknown> = { ...(before as Record<string, unknown>) };
      for (const field of Object.keys(live!)) {
        if (!(field in before)) {
          changes[field] = undefined;
        }
      }
      table.update(live!, changes as Partial<T>);
    }
    return true;
  }
}
