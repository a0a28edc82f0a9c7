// The mock's start data from a given state (`initialState`): a state file's sessions, or one snapshot.
import { DEFAULT_SESSION } from "./sessions/session-name.js";
import type { PetstoreSessions } from "./sessions/types.js";
import { seed } from "./store/seed.js";
import type { PetstoreStore } from "./store/store.js";

/**
 * What `ready` awaits: `initialState` put in place, else the demo data unless a store or sessions were
 * given. A bad `initialState` is the error of every request and of the caller, never an unhandled one.
 */
export function startData(initialState: unknown, given: boolean, sessions: PetstoreSessions): Promise<void> {
  const store = sessions.defaultStore;
  const ready =
    initialState !== undefined
      ? startFrom(initialState, store, sessions)
      : given
        ? Promise.resolve()
        : seed(store).then(() => undefined);
  ready.catch(() => undefined);
  return ready;
}

/**
 * Puts `initialState` in the sessions, `default` as the start data `reset()` returns to. The checks are
 * loaded only here: they are about 120 kB, which an app without `initialState` does not load.
 */
async function startFrom(initialState: unknown, store: PetstoreStore, sessions: PetstoreSessions): Promise<void> {
  const [{ readStateFileData }, { SnapshotError }] = await Promise.all([
    import("./control/state-file-format.js"),
    import("./control/snapshot-file.js"),
  ]);
  let contents: ReturnType<typeof readStateFileData>;
  try {
    contents = readStateFileData(initialState);
  } catch (error) {
    throw error instanceof SnapshotError
      ? new TypeError(`initialState is not a state of the mock: ${error.message}`)
      : error;
  }
  for (const [name, state] of contents.sessions) {
    if (name === DEFAULT_SESSION) {
      await store.restore(state);
      store.markBaseline();
    } else {
      await sessions.replace(name, state);
    }
  }
}
