// The mock's start data from a given state (`initialState`, `namedState`): a state file's sessions, or one snapshot.
import type { PetstoreMockOptions } from "./mock-options.js";
import { readNamedStateOption } from "./mock-options.js";
import { DEFAULT_SESSION } from "./sessions/session-name.js";
import type { PetstoreSessions } from "./sessions/types.js";
import { seed } from "./store/seed.js";
import type { PetstoreStore } from "./store/store.js";

/**
 * What `ready` awaits: `initialState` or `namedState` put in place, else the demo data unless a store or
 * sessions were given. A bad one is the error of every request and of the caller, never an unhandled one.
 */
export function startData(options: PetstoreMockOptions, sessions: PetstoreSessions): Promise<void> {
  const store = sessions.defaultStore;
  const given = options.store !== undefined || options.sessions !== undefined;
  const ready =
    options.namedState !== undefined
      ? startFromNamedState(options.namedState, store, sessions)
      : options.initialState !== undefined
        ? startFrom(options.initialState, store, sessions)
        : given
          ? Promise.resolve()
          : seed(store).then(() => undefined);
  ready.catch(() => undefined);
  return ready;
}

/**
 * A named state, built where it is asked for (the generator is loaded only then, as the checks are) and put in
 * place as `initialState`, through the same checks.
 */
async function startFromNamedState(
  option: NonNullable<PetstoreMockOptions["namedState"]>,
  store: PetstoreStore,
  sessions: PetstoreSessions,
): Promise<void> {
  const { name, seed: prng } = readNamedStateOption(option);
  const { namedStateSnapshot } = await import("./store/named-states.js");
  await startFrom(namedStateSnapshot(name, { seed: prng }), store, sessions);
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

/** Fills an empty store with a named state and makes it the state `reset()` returns to (a new `--state` file's start). */
export async function fillWithNamedState(
  store: PetstoreStore,
  option: NonNullable<PetstoreMockOptions["namedState"]>,
): Promise<void> {
  const { name, seed: prng } = readNamedStateOption(option);
  const { namedStateStoreSnapshot } = await import("./store/named-states.js");
  await store.restore(namedStateStoreSnapshot(name, { seed: prng }));
  store.markBaseline();
}
