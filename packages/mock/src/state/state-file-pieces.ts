// The state file's bytes as pieces to write one after the other, each session's records from its tables' cached text
// (table-text.ts): a write re-serialises what changed since the last one. Byte for byte `serializeStateFile`'s text.
import { toSnapshot } from "../core/control/snapshot.js";
import { jsonAtDepth, stateFileFrame } from "../core/control/state-file-format.js";
import type { SessionResetTarget } from "../core/sessions/types.js";
import type { PetstoreStore, StoreSnapshot } from "../core/store/store.js";
import { TABLE_KEYS } from "../core/store/store-tables.js";
import type { Table } from "../core/store/table.js";
import { type RecordsText, TableText } from "./table-text.js";

type TableName = keyof typeof TABLE_KEYS;
const TABLES = Object.keys(TABLE_KEYS) as TableName[];

/** In the file, a session's snapshot stands two levels deep (`sessions`, its name), its tables' arrays three. */
const SNAPSHOT_DEPTH = 2;
const ARRAY_DEPTH = 3;
/** Where a table's records go in a session's snapshot text: its name after this mark, as a JSON string. */
const MARK = "\u0000";
const MARKED = /"\\u0000(\w+)"/;

/** Each table's text, shared by every writer of its store: a table's change log has one reader. */
const texts = new WeakMap<object, TableText>();

/** A store's state with no records: what its snapshot holds besides them (the next ids). */
const withoutRecords = (store: PetstoreStore) =>
  Object.fromEntries(
    TABLES.map((name) => [name, { records: [], nextKey: store[name].nextKey }]),
  ) as unknown as StoreSnapshot;

/** The records of table `name` as the snapshot writes them (`toSnapshot`: the document's order), at their depth, joined. */
function recordsText(name: TableName): RecordsText {
  const opening = "[\n".length;
  const closing = `\n${"  ".repeat(ARRAY_DEPTH)}]`.length;
  const others = Object.fromEntries(TABLES.map((table) => [table, { records: [], nextKey: 0 }]));
  return (records) => {
    const state = { ...others, [name]: { records, nextKey: 0 } } as unknown as StoreSnapshot;
    const text = jsonAtDepth(toSnapshot(state)[name], ARRAY_DEPTH);
    return text.slice(opening, text.length - closing);
  };
}

function tableText(store: PetstoreStore, name: TableName): TableText {
  const table = store[name] as unknown as Table<object>;
  let text = texts.get(table);
  if (!text) {
    text = new TableText(table, recordsText(name), ARRAY_DEPTH);
    texts.set(table, text);
  }
  return text;
}

/**
 * A session's snapshot as the file holds it, in pieces: `toSnapshot` of its state without records, written with
 * a mark where each table's records go, and each table's cached text there. Run it between the store's operations.
 */
export function snapshotPieces(store: PetstoreStore): Buffer[] {
  const snapshot: Record<string, unknown> = toSnapshot(withoutRecords(store));
  for (const name of TABLES) {
    snapshot[name] = `${MARK}${name}`;
  }
  const parts = jsonAtDepth(snapshot, SNAPSHOT_DEPTH).split(MARKED);
  // Text, a table's name, text, …, text.
  const pieces: Buffer[] = [];
  for (const [at, part] of parts.entries()) {
    if (at % 2) {
      for (const piece of tableText(store, part as TableName).pieces()) {
        pieces.push(piece);
      }
    } else {
      pieces.push(Buffer.from(part));
    }
  }
  return pieces;
}

/** The whole file in pieces: each session's snapshot pieces under its name, in the order given; the start data's recipe. */
export function stateFilePieces(
  sessions: readonly (readonly [name: string, pieces: readonly Buffer[]])[],
  start?: SessionResetTarget,
): Buffer[] {
  const frame = stateFileFrame(
    sessions.map(([name]) => name),
    start,
  );
  const pieces: Buffer[] = [Buffer.from(frame[0]!)];
  for (const [at, [, snapshot]] of sessions.entries()) {
    for (const piece of snapshot) {
      pieces.push(piece);
    }
    pieces.push(Buffer.from(frame[at + 1]!));
  }
  return pieces;
}
