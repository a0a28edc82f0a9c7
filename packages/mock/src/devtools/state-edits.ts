// What the State tab's table asks (edit a field, delete a record, add one), each as one change of records through
// the control API, whole within the snapshot rules; a deletion that takes other records asks first.
import type { RecordChange } from "../core/control/record-changes.js";
import type { Snapshot } from "../core/control/snapshot.js";
import type { CollectionName } from "./catalogue.js";
import { askDeletion } from "./delete-confirm.js";
import { addChanges, deletion, fieldChanges, fieldValue } from "./record-edits.js";

/** What the edits need of the tab. */
export interface RecordEditsOf {
  /** The latest state read: an edit begun before the last redraw is saved after it. */
  latest(): Snapshot;
  /** Where a deletion asks. */
  readonly question: HTMLElement;
  /** The record typed in each collection's add row and not added yet: kept when refused. */
  readonly drafts: Partial<Record<CollectionName, Record<string, unknown>>>;
  /** Sends the changes as one; `done` runs when they were made. */
  changeRecords(what: string, changes: RecordChange[], done?: () => void): void;
}

/** The edits of the table of `collection` drawn from the state `current`. */
export function recordEdits(tab: RecordEditsOf, current: Snapshot, collection: CollectionName) {
  return {
    edit: (index: number, spec: Parameters<typeof fieldValue>[0], text: string) =>
      tab.changeRecords(
        `${collection}[${index}].${spec.name} changed`,
        fieldChanges(tab.latest(), collection, index, spec.name, fieldValue(spec, text)),
      ),
    remove(index: number) {
      const plan = deletion(current, collection, index);
      const remove = () => tab.changeRecords(`deleted ${[plan.what, ...plan.alsoGoes].join(", ")}`, plan.changes);
      if (plan.alsoGoes.length) {
        askDeletion(tab.question, plan, remove);
      } else {
        remove();
      }
    },
    add(record: Record<string, unknown>) {
      tab.drafts[collection] = record;
      tab.changeRecords(`added to ${collection}`, addChanges(current, collection, record), () => {
        delete tab.drafts[collection];
      });
    },
  };
}
