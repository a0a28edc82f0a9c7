import type { LoadableTable, StoreSnapshot } from "./store-tables.js";

/**
 * The state a store's `reset()` returns to: what the last `seed()` left (`mark`), or empty. A reset
 * touches only the tables written since, undoing few changes record by record.
 */
export interface ResetPoint {
  /** The state `reset()` returns to, or undefined when it empties the store. */
  snapshot(): StoreSnapshot | undefined;
  /** Makes `snapshot`, the store's current state, the one `reset()` returns to. */
  mark(snapshot: StoreSnapshot): void;
  /** Puts each table written since back as it was at `mark()`. Run it as one exclusive change. */
  reset(): Promise<void>;
}

export function resetPoint(tables: readonly LoadableTable[]): ResetPoint {
  let baseline: StoreSnapshot | undefined;
  /** Each table's write count when it last held the baseline (or was emptied): reset() skips it until written. */
  let writesAtBaseline: number[] = [];
  return {
    snapshot: () => baseline,
    mark(snapshot) {
      baseline = snapshot;
      writesAtBaseline = tables.map(({ table }) => {
        table.markClean();
        return table.writes;
      });
    },
    async reset() {
      for (const [index, { table, load }] of tables.entries()) {
        // Undone record by record when few changed, else put back whole.
        if (table.writes !== writesAtBaseline[index] && !(await table.rollback())) {
          await (baseline ? load(baseline) : table.clear());
          table.markClean();
        }
        writesAtBaseline[index] = table.writes;
      }
    },
  };
}
