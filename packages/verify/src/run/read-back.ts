// Every record a write of the tour created, changed or deleted, read back right after it through each
// read that returns it by id: a pet through getPet and getInventoryItem (its stock and status), a
// category through getCategory, an order through getOrder. The write's own answer and the lists read
// at the end of an exercise can be right while the read by id is not (a field mangled there only), and
// a delete the document says ends a read (a deleted pet's inventory entry) must be seen to end it.

import { type Command, canonical, type Pick } from "../model/command.js";
import { bodyOf, type List } from "../model/lists.js";
import type { Model } from "../model/model.js";
import { readRecord } from "../model/reads.js";

/** The reads by id of each model table, and the list whose record body each answers. */
const READS_BY_ID: readonly { table: "pets" | "categories" | "orders"; list: List }[] = [
  { table: "categories", list: "categories" },
  { table: "pets", list: "pets" },
  { table: "pets", list: "inventory" },
  { table: "orders", list: "orders" },
];

/** What each read by id answers for each record, as the model predicts it: `list` → id → body. */
export type Predicted = Map<List, Map<number, string>>;

export function predicted(model: Model): Predicted {
  // Only the records a write may change: on a shared backend, the run's own (model.writable).
  return new Map(
    READS_BY_ID.map(({ table, list }) => [
      list,
      new Map(model.writable(table).map((id) => [id, canonical(bodyOf(list)(model[table].get(id)))] as const)),
    ]),
  );
}

/**
 * The reads by id whose answer the model now predicts otherwise than `before`: of each record created,
 * changed (its stock too) or deleted (then 404). Each aims at its record counted from the newest (or
 * from the one deleted last), so a shorter reproduction that makes fewer records still reads the same one.
 */
export function readBacks(before: Predicted, model: Model): Command[] {
  const after = predicted(model);
  return READS_BY_ID.flatMap(({ table, list }) => {
    const was = before.get(list)!;
    const now = after.get(list)!;
    const all = [...model[table].keys()];
    const gone = [...model.gone[table]];
    return [...new Set([...was.keys(), ...now.keys()])]
      .filter((id) => was.get(id) !== now.get(id) && (now.has(id) || gone.includes(id)))
      .map((id) => {
        // A record of the run's own is counted among those only: a shorter reproduction makes fewer.
        const owned = model.scope?.owned[table].has(id) ?? false;
        const ids = owned ? model.writable(table) : all;
        const pick: Pick = now.has(id)
          ? { index: 0, missing: false, fromEnd: ids.length - ids.indexOf(id), owned }
          : { index: 0, missing: true, fromEnd: gone.length - gone.indexOf(id) };
        return readRecord({ list, pick });
      });
  });
}
