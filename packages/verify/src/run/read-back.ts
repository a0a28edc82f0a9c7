// Every record a write created, changed or deleted, read back right after it through each read that
// returns it: by id (a pet through getPet and getInventoryItem, a category through getCategory, an
// order through getOrder), and through each list that holds it, with every filter the document
// declares at once, each at the record's own value (listPets ?status&categoryId&name&id; its stock
// through listInventory ?status), so every filter must keep it; when the write changed a filtered
// field, the same read at the values it left must not list it. The write's own answer can be right
// while one of those reads is not (a field mangled in one read only, a filter wrong for one value),
// and a delete the document says ends a read (a deleted pet's inventory entry) must be seen to end it.
// What a write changes is what the model predicts it changes, which is what its x-affects declares
// (the x-affects check holds the two together).

import { pageSize } from "@petstore/contract";
import { type Command, canonical, type Pick } from "../model/command.js";
import { bodyOf, filtersOf, type List } from "../model/lists.js";
import type { Model } from "../model/model.js";
import { readList, readRecord } from "../model/reads.js";

type Table = "pets" | "categories" | "orders";

/** The reads by id of each model table, and the list whose record body each answers. */
const READS_BY_ID: readonly { table: Table; list: List }[] = [
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
 * The reads of `list` that must list the record `pick` aims at: through every filter at once, each with
 * the record's own value; and, when the write changed a filtered field, with those fields at the values
 * it left, a read that must not list it. A list without filters is read whole, once.
 */
function listReads(list: List, pick: Pick, now: unknown, was: unknown, reads: Map<string, Command>) {
  const filters = filtersOf(list);
  if (filters.length === 0) {
    reads.set(list, readList({ list, limit: pageSize.maximum }));
    return;
  }
  const field = (body: unknown, parameter: string) => (body as Record<string, unknown> | undefined)?.[parameter];
  const left = Object.fromEntries(
    filters
      .map(({ parameter }) => [parameter, field(was, parameter)] as const)
      .filter(([parameter, value]) => value !== undefined && value !== null && value !== field(now, parameter))
      .map(([parameter, value]) => [parameter, String(value)]),
  );
  const key = `${list} ${JSON.stringify(pick)}`;
  reads.set(key, readList({ list, limit: pageSize.maximum, of: { pick } }));
  if (Object.keys(left).length > 0) {
    reads.set(`${key} left`, readList({ list, limit: pageSize.maximum, of: { pick, left } }));
  }
}

/**
 * The reads whose answer the model now predicts otherwise than `before`: of each record created,
 * changed (its stock too) or deleted (then 404 by id, and gone from the lists it was in). Each aims at
 * its record counted from the newest (or from the one deleted last), so a shorter reproduction that
 * makes fewer records still reads the same one. The lists come after the reads by id, each read once.
 */
export function readBacks(before: Predicted, model: Model): Command[] {
  const after = predicted(model);
  const lists = new Map<string, Command>();
  const byId = READS_BY_ID.flatMap(({ table, list }) => {
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
        const body = (text: string | undefined) => (text === undefined ? undefined : JSON.parse(text));
        if (now.has(id)) {
          listReads(list, pick, body(now.get(id)), body(was.get(id)), lists);
        }
        return readRecord({ list, pick });
      });
  });
  return [...byId, ...lists.values()];
}
