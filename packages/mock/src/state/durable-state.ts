// petstore-mock --state FILE: every session starts from FILE (the default session from the start data, into a new
// FILE), and every change to any session, its creation, deletion or expiry, is written back to it.
import { resolve } from "node:path";
import { type StateFileContents, serializeStateFile } from "../core/control/state-file-format.js";
import { recordsOfSnapshot, recordsOfStore } from "../core/sessions/record-budget.js";
import { LIBRARY_LIMIT_NAMES, type SessionLimitNames } from "../core/sessions/session-limits.js";
import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import type { PetstoreSessions, SessionResetTarget } from "../core/sessions/types.js";
import type { PetstoreStore } from "../core/store/store.js";
import {
  checkFolderIsWritable,
  readStateFile,
  resolveStatePath,
  StateFileError,
  writeFileAtomically,
} from "./state-file.js";
import { type StateWriter, writeChangesBack } from "./state-writer.js";

export interface DurableState {
  readonly writer: StateWriter;
  /** The sessions kept in the file: those of `options.sessions`, with the file's named sessions in. */
  readonly sessions: PetstoreSessions;
  /** What the startup lines say about the file: loaded from it, or created from the start data. */
  readonly description: string;
  /** Whether the data came from the file (false: the file was created from the start data). */
  readonly loaded: boolean;
}

export interface KeepStateOptions {
  /** Puts the start data in the default store, for a new file whose start data has no recipe (the caller's own). */
  fillNewStore: () => Promise<unknown>;
  /** How the options make the start data (undefined: the caller's own); the file's recipe wins over it. */
  start?: SessionResetTarget;
  /** Puts the start data `recipe` makes in the empty default store, as its baseline. */
  fillFromRecipe: (recipe: SessionResetTarget) => Promise<unknown>;
  onWriteError: (error: Error) => void;
  /** How messages name the file (default `--state PATH`, the CLI's flag). */
  label?: string;
  /** Makes the sessions over the default store, once its data is in, with the start data's recipe; the file's named sessions go in them. */
  sessions: (store: PetstoreStore, start: SessionResetTarget | undefined) => PetstoreSessions;
  /** What a refusal calls the session bounds (default: the library's option names). */
  limitNames?: SessionLimitNames;
}

const counts = (store: PetstoreStore) =>
  `${store.pets.size} pets, ${store.categories.size} categories, ${store.orders.size} orders`;

/** Refuses a file whose sessions, or their records together, do not fit the bounds of `sessions`. */
function checkBounds(saved: StateFileContents, sessions: PetstoreSessions, label: string, names: SessionLimitNames) {
  const named = saved.sessions.filter(([name]) => name !== DEFAULT_SESSION);
  const { maxSessions, maxRecords } = sessions.limits;
  const leftAsIs = "the file was left as it is";
  if (named.length + 1 > maxSessions) {
    throw new StateFileError(
      `${label} holds ${named.length + 1} sessions, more than ${names.maxSessions} ${maxSessions}; raise ${names.maxSessions}, or remove sessions from the file (${leftAsIs})`,
    );
  }
  const records = named.reduce(
    (sum, [, state]) => sum + recordsOfSnapshot(state),
    recordsOfStore(sessions.defaultStore),
  );
  if (records > maxRecords) {
    throw new StateFileError(
      `${label} holds ${records} records (categories, pets and orders) across its sessions, more than ${names.maxRecords} ${maxRecords}; raise ${names.maxRecords}, or remove records or sessions from the file (${leftAsIs})`,
    );
  }
}

/**
 * Loads every session from the file at `path`, which wins over the start data: `default` into `store`, the
 * named ones into `options.sessions(store)`. With no file yet, puts the start data in (`fillNewStore`) and
 * writes the file at once. Throws a `StateFileError` (the file untouched) when the file is not a state file,
 * holds more sessions or records than the sessions' bounds, or its folder is not writable.
 */
export async function keepStateInFile(
  store: PetstoreStore,
  path: string,
  options: KeepStateOptions,
): Promise<DurableState> {
  // A symbolic link is followed: the mock reads and writes its target, and the link stays a link.
  const label = options.label ?? `--state ${resolve(path)}`;
  const file = await resolveStatePath(resolve(path), label);
  const saved = await readStateFile(file, label);
  await checkFolderIsWritable(file, label);
  const savedDefault = saved?.sessions.find(([name]) => name === DEFAULT_SESSION)?.[1];
  // The start data is made as before the restart (the file's recipe), else as the options say; then `default` holds
  // what the file saved, its baseline (what a new or reset session gets) still the start data. Start data of the
  // caller's own (a `store`, `sessions` or `initialState` given: no recipe) stays theirs.
  const start = options.start && (saved?.start ?? options.start);
  if (start) {
    await options.fillFromRecipe(start);
  } else if (!savedDefault) {
    await options.fillNewStore();
  }
  if (savedDefault) {
    await store.restore(savedDefault);
    if (!start) {
      // The caller's own start data, which the file cannot record: a reset goes back to what the file held at start.
      store.markBaseline();
    }
  }
  const sessions = options.sessions(store, start);
  let description: string;
  if (saved) {
    checkBounds(saved, sessions, label, options.limitNames ?? LIBRARY_LIMIT_NAMES);
    const named = saved.sessions.filter(([name]) => name !== DEFAULT_SESSION);
    for (const [name, state] of named) {
      await sessions.replace(name, state);
    }
    const others = named.length ? ` and ${named.length} named session${named.length === 1 ? "" : "s"}` : "";
    const earlier = saved.earlierFormat ? "; a file of the earlier format, rewritten at the first change" : "";
    const flags =
      saved.start || !start
        ? "only to a new file"
        : "only to a new file and, this once, to the start data (recorded at the next write)";
    description = `loaded from ${path} (${counts(store)})${others}${earlier}; --seed and --empty apply ${flags}`;
  } else {
    await writeFileAtomically(file, serializeStateFile([[DEFAULT_SESSION, store.snapshot()]], start));
    description = `${path} created (${counts(store)})`;
  }
  const writer = writeChangesBack(sessions, file, options.onWriteError);
  return {
    writer,
    sessions: writingCreations(sessions, writer),
    description,
    loaded: saved !== undefined,
  };
}

/**
 * The sessions, with a session created by its first request (one that only reads, too) written to the file:
 * every session the list shows is in the file. Opening is no change to the sessions' subscribers.
 */
function writingCreations(sessions: PetstoreSessions, writer: StateWriter): PetstoreSessions {
  return {
    ...sessions,
    async open(name) {
      const isNew = sessions.get(name) === undefined;
      const store = await sessions.open(name);
      if (isNew) {
        writer.schedule();
      }
      return store;
    },
  };
}
