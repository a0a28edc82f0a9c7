/**
 * The keys a table wrote since the last drain, for a store kept elsewhere record by record (a Durable
 * Object's SQLite storage). Off until `start()`: other stores pay nothing for it.
 */
export class ChangeLog {
  #changed: Set<number> | undefined;
  #clearedSinceDrain = false;

  start(): void {
    this.#changed ??= new Set();
  }

  add(key: number): void {
    this.#changed?.add(key);
  }

  /** The table was emptied: only the keys written after it count, and the drain says so. */
  cleared(): void {
    if (this.#changed) {
      this.#changed.clear();
      this.#clearedSinceDrain = true;
    }
  }

  /** The keys written, in ascending order, and whether the table was emptied first; starts over. */
  drain(): { cleared: boolean; keys: number[] } {
    const keys = [...(this.#changed ?? [])].sort((a, b) => a - b);
    const cleared = this.#clearedSinceDrain;
    this.#changed?.clear();
    this.#clearedSinceDrain = false;
    return { cleared, keys };
  }
}
