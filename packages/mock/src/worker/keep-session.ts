import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import type { PetstoreSessions } from "../core/sessions/types.js";
import type { SqlRecords } from "./sql-records.js";

/**
 * Writes the session `name` to `records` as it changes, and only once it exists: a named session from the
 * request that created it (an operation naming it, a reset, a state put), `default` from its first change
 * (until then it holds the start data, the same at every start). Then the store's commits (every write of
 * a request, a reset, a restore) and the registry's changes (a deleted session is cleared; one created
 * again after it is kept whole). Returns the check to run after each request: it stores a session the
 * request created without changing it (a read naming a new session), and says whether the session is stored.
 */
export function keepSession(sessions: PetstoreSessions, name: string, records: SqlRecords, saved: boolean) {
  const keep = (store = sessions.get(name), state: "saved" | "new" | "unchanged" = "new") => {
    if (!store) {
      records.clear();
      return;
    }
    records.keep(store, state);
    store.onCommit(() => {
      if (records.store === store) {
        records.flush();
      }
    });
  };
  if (saved) {
    keep(sessions.get(name), "saved");
  } else if (name === DEFAULT_SESSION) {
    keep(sessions.defaultStore, "unchanged");
  }
  sessions.subscribe((changed) => {
    if (changed !== name) {
      return;
    }
    const store = sessions.get(name);
    if (store !== records.store) {
      keep(store);
    } else {
      records.flush();
    }
  });
  return (): boolean => {
    const store = sessions.get(name);
    if (store && store !== records.store) {
      keep(store);
    }
    return records.store !== undefined;
  };
}
