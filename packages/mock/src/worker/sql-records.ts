import type { PetstoreStore, StoreSnapshot } from "../core/store/store.js";
import type { Table } from "../core/store/table.js";
import type { DurableObjectStorageLike } from "./platform.js";

/** The store's tables by the name a row is filed under. */
const COLLECTIONS = ["categories", "pets", "orders", "inventory"] as const;
type Collection = (typeof COLLECTIONS)[number];

const SCHEMA = [
  // WITHOUT ROWID: the primary key is the table, so a write is one row, not a row and its index entry.
  "CREATE TABLE IF NOT EXISTS petstore_records (collection TEXT NOT NULL, key INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (collection, key)) WITHOUT ROWID",
  "CREATE TABLE IF NOT EXISTS petstore_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
];

/** The meta row: which session the object holds, and the key each collection's next record gets. */
interface SavedMeta {
  session: string;
  nextKeys: Record<Collection, number>;
}

const tableOf = (store: PetstoreStore, collection: Collection) => store[collection] as unknown as Table<object>;

/**
 * One session's records in its Durable Object's SQLite storage, one row per record, so a write costs the
 * rows it changed, not the whole state (up to 100,000 pets). Statements are synchronous and run inside
 * the request: the object's output gate holds the response until they are durable.
 */
export class SqlRecords {
  readonly #storage: DurableObjectStorageLike;
  readonly #session: string;
  #store: PetstoreStore | undefined;
  /** The meta row as last written: rewritten only when a next key moved (an insert). */
  #savedMeta: string | undefined;

  /** Whether the tables exist: created with the first write, so an object that never stored a session holds nothing. */
  #hasTables = false;
  /** The store kept holds records not written yet (a new session, or `default`'s start data): all go at the next write. */
  #unwritten = false;

  constructor(storage: DurableObjectStorageLike, session: string) {
    this.#storage = storage;
    this.#session = session;
  }

  /** What the storage holds, as a snapshot to restore; undefined when nothing was saved yet. Writes nothing. */
  load(): StoreSnapshot | undefined {
    const tables = this.#storage.sql.exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'petstore_meta'",
    );
    this.#hasTables = tables.toArray().length > 0;
    if (!this.#hasTables) {
      return undefined;
    }
    const [meta] = this.#storage.sql.exec("SELECT value FROM petstore_meta WHERE name = 'state'").toArray();
    if (!meta) {
      return undefined;
    }
    this.#savedMeta = String(meta.value);
    const { nextKeys } = JSON.parse(this.#savedMeta) as SavedMeta;
    const records = Object.fromEntries(COLLECTIONS.map((name) => [name, [] as object[]])) as Record<
      Collection,
      object[]
    >;
    const rows = this.#storage.sql.exec("SELECT collection, record FROM petstore_records ORDER BY collection, key");
    for (const row of rows.toArray()) {
      records[row.collection as Collection]?.push(JSON.parse(String(row.record)));
    }
    return Object.fromEntries(
      COLLECTIONS.map((name) => [name, { records: records[name], nextKey: nextKeys[name] }]),
    ) as unknown as StoreSnapshot;
  }

  /**
   * Keeps `store` from now on, then record by record on each `flush()`: `saved`, it is what the storage
   * holds; `new`, it is written whole at once; `unchanged`, whole at its first change (`default`'s start
   * data, the same at every start until then).
   */
  keep(store: PetstoreStore, state: "saved" | "new" | "unchanged"): void {
    this.#store = store;
    for (const collection of COLLECTIONS) {
      tableOf(store, collection).trackChanges();
      tableOf(store, collection).drainChanges();
    }
    this.#unwritten = state !== "saved";
    if (state === "new") {
      this.#writeWhole(store);
    }
  }

  /** The store kept, if any. */
  get store(): PetstoreStore | undefined {
    return this.#store;
  }

  /** Writes the records changed since the last flush (and the next keys); nothing when none changed. */
  flush(): void {
    const store = this.#store;
    if (!store) {
      return;
    }
    if (this.#unwritten) {
      this.#writeWhole(store);
      return;
    }
    const changes = COLLECTIONS.map((collection) => ({ collection, ...tableOf(store, collection).drainChanges() }));
    if (!changes.some((change) => change.cleared || change.keys.length)) {
      return;
    }
    this.#write(() => {
      for (const { collection, cleared, keys } of changes) {
        const table = tableOf(store, collection);
        if (cleared) {
          this.#storage.sql.exec("DELETE FROM petstore_records WHERE collection = ?", collection);
        }
        for (const key of keys) {
          const record = table.get(key);
          if (record) {
            this.#put(collection, key, record);
          } else {
            this.#storage.sql.exec("DELETE FROM petstore_records WHERE collection = ? AND key = ?", collection, key);
          }
        }
      }
    });
  }

  /** Forgets every record (the session was deleted): the next start begins from the start data. */
  clear(): void {
    this.#store = undefined;
    this.#savedMeta = undefined;
    this.#unwritten = false;
    if (!this.#hasTables) {
      return;
    }
    this.#storage.transactionSync(() => {
      this.#storage.sql.exec("DELETE FROM petstore_records");
      this.#storage.sql.exec("DELETE FROM petstore_meta");
    });
  }

  #put(collection: Collection, key: number, record: object): void {
    this.#storage.sql.exec(
      "INSERT INTO petstore_records (collection, key, record) VALUES (?, ?, ?) ON CONFLICT (collection, key) DO UPDATE SET record = excluded.record",
      collection,
      key,
      JSON.stringify(record),
    );
  }

  /** Every record of `store`, in place of what was stored. */
  #writeWhole(store: PetstoreStore): void {
    for (const collection of COLLECTIONS) {
      tableOf(store, collection).drainChanges();
    }
    this.#write(() => {
      this.#storage.sql.exec("DELETE FROM petstore_records");
      for (const collection of COLLECTIONS) {
        const table = tableOf(store, collection);
        for (const record of table.values()) {
          this.#put(collection, table.keyOf(record), record);
        }
      }
    });
    this.#unwritten = false;
  }

  /** Runs `change` and saves the next keys if they moved, in one transaction (creating the tables first). */
  #write(change: () => void): void {
    const store = this.#store!;
    const creating = !this.#hasTables;
    this.#storage.transactionSync(() => {
      if (creating) {
        for (const statement of SCHEMA) {
          this.#storage.sql.exec(statement);
        }
      }
      change();
      const meta: SavedMeta = {
        session: this.#session,
        nextKeys: Object.fromEntries(
          COLLECTIONS.map((name) => [name, tableOf(store, name).nextKey]),
        ) as SavedMeta["nextKeys"],
      };
      const text = JSON.stringify(meta);
      if (text !== this.#savedMeta) {
        this.#storage.sql.exec("INSERT OR REPLACE INTO petstore_meta (name, value) VALUES ('state', ?)", text);
        this.#savedMeta = text;
      }
    });
    this.#hasTables = true;
  }
}
