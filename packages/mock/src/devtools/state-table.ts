// The State tab's table: one page of a collection's records, each field edited in place, a row to add one, the pager.
import type { Snapshot } from "../core/control/snapshot.js";
import { type CollectionName, collections, type FieldSpec } from "./catalogue.js";
import { fill, h } from "./dom.js";
import { newRecordDefaults } from "./record-edits.js";
import { addRow, editableCell, keepOpenEditor, pager, recordRow } from "./state-cells.js";
import { gridNavigation } from "./state-grid.js";

const PAGE_ROWS = 50;

/** What the table's controls ask of the tab; `index` is the record's place in the whole collection. */
export interface CollectionEdits {
  edit(index: number, spec: FieldSpec, text: string): void;
  remove(index: number): void;
  add(record: Record<string, unknown>): void;
  turn(by: number): void;
  /** An edit was given up: draw again. */
  cancel(): void;
}

/**
 * Draws page `page` of the snapshot's collection into `table`, keeping an editor open across the redraw, the add row
 * filled from `draft` (a record typed and refused) or the next id, and returns
 * the page it drew: `page`, or the last one when the collection has fewer.
 */
export function drawCollection(
  table: HTMLElement,
  snapshot: Snapshot,
  collection: CollectionName,
  page: number,
  edits: CollectionEdits,
  draft?: Record<string, unknown>,
): number {
  const fields = collections[collection];
  const rows = snapshot[collection] as unknown as Record<string, unknown>[];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  const shown = Math.min(page, pages - 1);
  const first = shown * PAGE_ROWS;
  const reopen = keepOpenEditor(table);
  const root = table.getRootNode() as Document | ShadowRoot;
  // The focus on a record's cell (or in its editor) comes back to the grid once it is drawn anew.
  const hadFocus = !!root.activeElement?.closest("tr[data-key]") && table.contains(root.activeElement);
  fill(
    table,
    h(
      "table",
      { "aria-label": collection },
      h("thead", {}, h("tr", {}, ...fields.map((spec) => h("th", {}, spec.name)), h("th", {}))),
      h(
        "tbody",
        {},
        ...rows.slice(first, first + PAGE_ROWS).map((record, offset) => {
          const index = first + offset;
          return recordRow(
            record[fields[0]!.name],
            fields.map((spec) =>
              editableCell(spec, record[spec.name], (text) => edits.edit(index, spec, text), edits.cancel),
            ),
            `${collection}[${index}]`,
            () => edits.remove(index),
          );
        }),
        addRow(fields, draft ?? newRecordDefaults(snapshot, collection), edits.add),
      ),
    ),
    pages > 1 && pager(shown, pages, edits.turn),
  );
  gridNavigation(table, hadFocus && !reopen);
  reopen?.(table);
  return shown;
}
