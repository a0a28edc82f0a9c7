// The directory of stored named sessions, kept in `default`'s Durable Object (its own SQLite table), so that
// `GET /__petstore/sessions` lists every live session, not only the one the object serving it holds. The Worker
// keeps it: a session's object tells, in a response header, that its session was stored or has gone, and the
// Worker adds or removes it here; a session whose idle alarm deleted it is removed at the next list.
import type { DurableObjectStorageLike } from "./platform.js";

/**
 * A request between the Worker and the objects (`list`, `add NAME`, `remove NAME`, `summary NAME`). Only the
 * Worker sets it: it removes it from every request it forwards.
 */
export const INTERNAL_HEADER = "x-petstore-internal";
/** A session object's answer to the Worker: its session was stored (`added`) or has gone (`removed`). */
export const LISTED_HEADER = "x-petstore-listed";

export interface DirectoryEntry {
  name: string;
  /** When the session was first stored, in milliseconds since the epoch. */
  createdAt: number;
}

const TABLE = "petstore_sessions";

/** The directory's rows: created with the first session stored, so an object that lists none holds nothing. */
export class SessionDirectory {
  readonly #storage: DurableObjectStorageLike;

  constructor(storage: DurableObjectStorageLike) {
    this.#storage = storage;
  }

  #exists(): boolean {
    const query = `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${TABLE}'`;
    return this.#storage.sql.exec(query).toArray().length > 0;
  }

  /** Adds a session (stored now), keeping when it was first added if it is listed already. */
  add(name: string, now = Date.now()): void {
    this.#storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (name TEXT PRIMARY KEY, created_at INTEGER NOT NULL) WITHOUT ROWID`,
    );
    this.#storage.sql.exec(`INSERT OR IGNORE INTO ${TABLE} (name, created_at) VALUES (?, ?)`, name, now);
  }

  remove(name: string): void {
    if (this.#exists()) {
      this.#storage.sql.exec(`DELETE FROM ${TABLE} WHERE name = ?`, name);
    }
  }

  /** The sessions in the order they were first stored. */
  list(): DirectoryEntry[] {
    if (!this.#exists()) {
      return [];
    }
    return this.#storage.sql
      .exec(`SELECT name, created_at FROM ${TABLE} ORDER BY created_at, name`)
      .toArray()
      .map((row) => ({ name: String(row.name), createdAt: Number(row.created_at) }));
  }

  /** Answers an internal request of the Worker (`list`, `add NAME`, `remove NAME`). */
  answer(operation: string, name: string): Response {
    if (operation === "add") {
      this.add(name);
    } else if (operation === "remove") {
      this.remove(name);
    } else if (operation !== "list") {
      return new Response(null, { status: 400 });
    }
    return Response.json(this.list());
  }
}

/** An internal request: `operation` on the session `name` (none for `list`). */
export const internalRequest = (operation: string, name = "") =>
  new Request("https://petstore-mock.internal/", { headers: { [INTERNAL_HEADER]: `${operation} ${name}`.trim() } });

/** The operation and session name of an internal request's header. */
export function readInternal(value: string): { operation: string; name: string } {
  const space = value.indexOf(" ");
  return space < 0
    ? { operation: value, name: "" }
    : { operation: value.slice(0, space), name: value.slice(space + 1) };
}
