// `changeRecords` (openapi/control.yaml): a session's snapshot with puts and deletes made, checked in full by the
// check `PUT …/state` runs, its refusal naming the change, the rule and the record.
import { contract } from "../generated/contract.js";
import type { components } from "../generated/control/schema.js";
import * as controlValidators from "../generated/control/validators.js";
import { describeBodyError } from "../generated/describe-validation-error.js";
import { MockApiError } from "../http/errors.js";
import type { StoreLimits, StoreSnapshot } from "../store/store.js";
import { TABLE_KEYS } from "../store/store-tables.js";
import { checkSnapshot } from "./check-snapshot.js";
import { type Snapshot, toSnapshot, toStoreSnapshot } from "./snapshot.js";

export type RecordChange = components["schemas"]["RecordChange"];
type Table = RecordChange["table"];
type Row = Record<string, unknown>;

/** Each table's key: the field a put names its record by and a delete gives. */
const KEY: Record<Table, string> = TABLE_KEYS;
/** A problem's place in the snapshot (`pets[20]`): its table and index. */
const PLACE = new RegExp(`^(${Object.keys(TABLE_KEYS).join("|")})\\[(\\d+)\\]`);

const isRecord = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The body without the records it puts (an object each): their schema is checked with the rest of the snapshot,
 * whose check names the field and place (`pets[20].name`), where the body's `oneOf` could only say "one of four".
 */
function withoutRecords(data: unknown): unknown {
  const changes = isRecord(data) ? (data as { changes?: unknown }).changes : undefined;
  if (!Array.isArray(changes)) {
    return data;
  }
  const bare = changes.map((change) => {
    if (!isRecord(change) || !isRecord(change.put)) {
      return change;
    }
    const { put: _put, ...rest } = change as Row;
    return rest;
  });
  return { ...(data as object), changes: bare };
}

/** A `changeRecords` body checked against its schema, and each change putting or deleting, not both or neither. */
export function readRecordChanges(data: unknown): RecordChange[] {
  const validate = controlValidators.RecordChangesBody;
  const bare = withoutRecords(data);
  if (!validate(bare)) {
    const problem = describeBodyError(validate.errors![0]!, bare, ["changes"], contract.patternDescriptions);
    throw new MockApiError(400, problem.code, problem.message);
  }
  const changes = (data as { changes: RecordChange[] }).changes;
  for (const [index, change] of changes.entries()) {
    if ((change.put === undefined) === (change.delete === undefined)) {
      throw new MockApiError(400, "INVALID_FIELD", `body.changes[${index}] must have one of put and delete`);
    }
  }
  return changes;
}

/** The snapshot with the changes made in order; which change put each record it holds. */
function withChanges(current: Snapshot, changes: RecordChange[]): { next: Snapshot; putBy: Map<Row, number> } {
  const next = { ...current, nextIds: { ...current.nextIds } } as unknown as Record<Table, Row[]> & Snapshot;
  const putBy = new Map<Row, number>();
  for (const [index, change] of changes.entries()) {
    const key = KEY[change.table];
    const rows: Row[] = [...next[change.table]];
    if (change.delete !== undefined) {
      const at = rows.findIndex((row) => row[key] === change.delete);
      if (at < 0) {
        const message = `body.changes[${index}].delete: ${change.table} has no record with ${key} ${change.delete}`;
        throw new MockApiError(400, "INVALID_FIELD", message);
      }
      rows.splice(at, 1);
    } else {
      const record = change.put as Row;
      const at = rows.findIndex((row) => row[key] === record[key]);
      rows.splice(at < 0 ? rows.length : at, at < 0 ? 0 : 1, record);
      putBy.set(record, index);
      moveNextId(next, change.table, record[key]);
    }
    next[change.table] = rows as never;
  }
  return { next, putBy };
}

/** A record added with a collection's next id (or past it) moves the next id on, as a create would. */
function moveNextId(snapshot: Snapshot, table: Table, id: unknown) {
  const nextIds = snapshot.nextIds as Record<string, number>;
  if (typeof id === "number" && table in nextIds && id >= nextIds[table]!) {
    nextIds[table] = id + 1;
  }
}

/** `changes[2]: ` when a problem's place (`pets[20].name`) is a record a change put, so the message names it. */
function changeOf(message: string, snapshot: Snapshot, putBy: Map<Row, number>): string {
  const place = PLACE.exec(message);
  const record = place && (snapshot[place[1] as Table] as unknown as Row[])[Number(place[2])];
  const index = record ? putBy.get(record) : undefined;
  return index === undefined ? "" : `changes[${index}]: `;
}

/**
 * The edit of a store's state that `changes` make (for `sessions.change`): throws the first problem of the result
 * as `PUT …/state` answers it (400, or 507 past a cap), its message led by the change that put the record.
 */
export const recordChangesEdit =
  (changes: RecordChange[], caps: StoreLimits) =>
  (state: StoreSnapshot): StoreSnapshot => {
    const { next, putBy } = withChanges(toSnapshot(state), changes);
    try {
      return toStoreSnapshot(checkSnapshot(next, caps));
    } catch (error) {
      if (error instanceof MockApiError) {
        throw new MockApiError(error.status, error.code, `${changeOf(error.message, next, putBy)}${error.message}`);
      }
      throw error;
    }
  };
