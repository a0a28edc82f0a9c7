import type { LoadableTable, StoreSnapshot } from "./store-tables.js";

/**
 * The state a store's `reset()` returns to: what the last `seed()` left (`markBaseline`), or empty.
 * A reset touches only the tables written since, undoing few changes record by record.
 */
export class ResetPoint {
  /** The state reset() returns to, or undefined when it empties the store. */
  snapshot: StoreSnapshot | undefined;
  readonly #tables: readonly LoadableTable[];
  /** Each table's write count when it last held the baseline (or was emptied): reset() skips it until written. */
  #writesAtBaseline: number[] = [];

  constructor(tables: readonly LoadableTable[]) {
    this.#tables = tables;
  }

  /** Makes `snapshot`, the store's current state, the one `reset()` returns to. */
  mark(snapshot: StoreSnapshot): void {
    this.snapshot = snapshot;
    this.#writesAtBaseline = this.#tables.map(({ table }) => {
      table.markClean();
      return table.writes;
    });
  }

  /** Puts each table written since back as it was at `mark()`. Run it as one exclusive change. */
  async reset(): Promise<void> {
    for (const [index, { table, load }] of this.#tables.entries()) {
      // Undone record by record when few changed, else put back whole.
      if (table.writes !== this.#writesAtBaseline[index] && !(await table.rollback())) {
        await (this.snapshot ? load(this.snapshot) : table.clear());
        table.markClean();
      }
      this.#writesAtBaseline[index] = table.writes;
    }
  }
}
