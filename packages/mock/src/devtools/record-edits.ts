// Edits of a snapshot's records, as the state tables make them: each returns a new snapshot and leaves the old one
// as it was. Whether the result holds is not judged here: the control API checks it by the snapshot rules.
import type { Snapshot } from "../core/control/snapshot.js";
import type { CollectionName, FieldSpec } from "./catalogue.js";

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

function withRows(snapshot: Snapshot, collection: CollectionName, rows: Row[]): Snapshot {
  return { ...snapshot, [collection]: rows };
}

/** The snapshot with one field of one record set (or removed, for `undefined`). */
export function withField(
  snapshot: Snapshot,
  collection: CollectionName,
  index: number,
  field: string,
  value: unknown,
): Snapshot {
  const rows = [...rowsOf(snapshot, collection)];
  const record = { ...rows[index] };
  if (value === undefined) {
    delete record[field];
  } else {
    record[field] = value;
  }
  rows[index] = record;
  return withRows(snapshot, collection, rows);
}

/** The snapshot with `record` added at the end of the collection. */
export function withRecord(snapshot: Snapshot, collection: CollectionName, record: Row): Snapshot {
  const added = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
  const next = withRows(snapshot, collection, [...rowsOf(snapshot, collection), added]);
  // A record added with the next id moves the collection's next id on, as a create would.
  const nextIds = snapshot.nextIds as Record<string, number> | undefined;
  const id = added.id;
  if (nextIds && typeof id === "number" && collection in nextIds && id >= (nextIds[collection] ?? 0)) {
    next.nextIds = { ...nextIds, [collection]: id + 1 };
  }
  return next;
}

/** The snapshot without the collection's record at `index`. */
export function withoutRecord(snapshot: Snapshot, collection: CollectionName, index: number): Snapshot {
  return withRows(
    snapshot,
    collection,
    rowsOf(snapshot, collection).filter((_, at) => at !== index),
  );
}

/** What an empty "add" row starts from: the collection's next id where it has one. */
export function newRecordDefaults(snapshot: Snapshot, collection: CollectionName): Row {
  const nextIds = snapshot.nextIds as Record<string, number> | undefined;
  const next = nextIds?.[collection];
  return next === undefined ? {} : { id: next };
}
