// The edits the state tables make, each as the changes of records (`changeRecords`) that make it whole within the
// snapshot rules: a pet with its inventory entry, a pet's status with its entry's, a record deleted with what depends
// on it. Whether the result holds is not judged here: the control API checks it by the snapshot rules.
import type { RecordChange } from "../core/control/record-changes.js";
import type { Snapshot } from "../core/control/snapshot.js";
import { type CollectionName, collections, type FieldSpec } from "./catalogue.js";

type Row = Record<string, unknown>;

/**
 * A cell's text as the field's JSON value: a whole number or `true`/`false` where the field holds one, nothing for an
 * empty optional field; otherwise the text as it is, so that the check names the field that does not fit.
 */
export function fieldValue(spec: FieldSpec, text: string): unknown {
  if (text === "" && !spec.required) {
    return undefined;
  }
  if (spec.type === "integer" && /^-?\d+$/.test(text.trim())) {
    return Number(text.trim());
  }
  if (spec.type === "boolean" && (text === "true" || text === "false")) {
    return text === "true";
  }
  return text;
}

const rowsOf = (snapshot: Snapshot, collection: CollectionName) => snapshot[collection] as unknown as Row[];
/** A collection's key: its first field (`id`, an inventory entry's `petId`). */
const keyOf = (collection: CollectionName) => collections[collection][0]!.name;
const withoutUndefined = (record: Row) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
const entryOf = (snapshot: Snapshot, petId: unknown) => snapshot.inventory.find((item) => item.petId === petId);
/** A record as typed, put as it is: the control API names the field that does not fit. */
const put = (table: CollectionName, record: Row): RecordChange => ({
  table,
  put: record as NonNullable<RecordChange["put"]>,
});

/** One field of the collection's record at `index` set (or removed, for `undefined`); a pet's status with its entry's. */
export function fieldChanges(
  snapshot: Snapshot,
  collection: CollectionName,
  index: number,
  field: string,
  value: unknown,
): RecordChange[] {
  const before = rowsOf(snapshot, collection)[index]!;
  const record = withoutUndefined({ ...before, [field]: value });
  const key = keyOf(collection);
  // A new key is another record: the one under the old key goes.
  const changes: RecordChange[] = field === key ? [{ table: collection, delete: before[key] as number }] : [];
  changes.push(put(collection, record));
  const entry = collection === "pets" && field === "status" ? entryOf(snapshot, record.id) : undefined;
  if (entry) {
    changes.push({ table: "inventory", put: { ...entry, status: value as typeof entry.status } });
  }
  return changes;
}

/** `record` added to the collection; a pet with its inventory entry (no stock, the pet's status). */
export function addChanges(snapshot: Snapshot, collection: CollectionName, record: Row): RecordChange[] {
  const changes: RecordChange[] = [put(collection, withoutUndefined(record))];
  if (collection === "pets" && !entryOf(snapshot, record.id)) {
    changes.push(put("inventory", { petId: record.id, quantity: 0, status: record.status }));
  }
  return changes;
}

/** A record's deletion, with what the rules say goes with it, each said (`the inventory entry of pet 4`). */
export interface Deletion {
  /** The record, said: `pet 4 (Rex)`. */
  what: string;
  changes: RecordChange[];
  /** What goes with it, said; empty when nothing does. */
  alsoGoes: string[];
}

const saidPet = (pet: Row) => `pet ${pet.id} (${pet.name})`;

/** A pet's inventory entry and its open orders (a complete order may outlive its pet). */
function petDependents(snapshot: Snapshot, pet: Row, into: Deletion) {
  if (entryOf(snapshot, pet.id)) {
    into.changes.push({ table: "inventory", delete: pet.id as number });
    into.alsoGoes.push(`the inventory entry of pet ${pet.id}`);
  }
  for (const order of snapshot.orders.filter((order) => order.petId === pet.id && !order.complete)) {
    into.changes.push({ table: "orders", delete: order.id });
    into.alsoGoes.push(`open order ${order.id}`);
  }
}

/** The collection's record at `index` deleted, with what depends on it: a category's pets, a pet's entry and open orders. */
export function deletion(snapshot: Snapshot, collection: CollectionName, index: number): Deletion {
  const record = rowsOf(snapshot, collection)[index]!;
  const key = record[keyOf(collection)] as number;
  const what = collection === "pets" ? saidPet(record) : `${collection}[${index}] (${keyOf(collection)} ${key})`;
  const plan: Deletion = { what, changes: [{ table: collection, delete: key }], alsoGoes: [] };
  if (collection === "pets") {
    petDependents(snapshot, record, plan);
  } else if (collection === "categories") {
    for (const pet of snapshot.pets.filter((pet) => pet.categoryId === key)) {
      plan.changes.push({ table: "pets", delete: pet.id });
      plan.alsoGoes.push(saidPet(pet));
      petDependents(snapshot, pet, plan);
    }
  }
  return plan;
}

/** What an empty "add" row starts from: the collection's next id where it has one. */
export function newRecordDefaults(snapshot: Snapshot, collection: CollectionName): Row {
  const nextIds = snapshot.nextIds as Record<string, number> | undefined;
  const next = nextIds?.[collection];
  return next === undefined ? {} : { id: next };
}
