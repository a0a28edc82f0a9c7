// What the state file follows: every change committed to a session (the registry's `subscribe`), each store's own
// commits (changes made to a store directly count too), and sessions created, deleted or expired.
import type { PetstoreSessions } from "../core/sessions/types.js";
import type { PetstoreStore } from "../core/store/store.js";

/** Calls `onChange` after every change to any session of `sessions`; returns the function that stops following. */
export function followSessions(sessions: PetstoreSessions, onChange: () => void): () => void {
  // Each session's store followed from the first change told of it; a deleted session's store is let go.
  const followed = new Map<string, { store: PetstoreStore; stop: () => void }>();
  const follow = (name: string) => {
    const store = sessions.get(name);
    const current = followed.get(name);
    if (current && current.store !== store) {
      current.stop();
      followed.delete(name);
    }
    if (store && !followed.has(name)) {
      followed.set(name, { store, stop: store.onCommit(onChange) });
    }
  };
  for (const { name } of sessions.list()) {
    follow(name);
  }
  const unsubscribe = sessions.subscribe((name) => {
    follow(name);
    onChange();
  });
  return () => {
    unsubscribe();
    for (const { stop } of followed.values()) {
      stop();
    }
    followed.clear();
  };
}
