// petstore-mock --state FILE: the default store starts from FILE (or from the start data, into a new
// FILE) and every change is written back to it.
import { resolve } from "node:path";
import { serializeSnapshot } from "../core/control/snapshot-file.js";
import type { PetstoreStore } from "../core/store/store.js";
import { checkFolderIsWritable, readStateFile, resolveStatePath, writeFileAtomically } from "./state-file.js";
import { type StateWriter, writeChangesBack } from "./state-writer.js";

export interface DurableState {
  readonly writer: StateWriter;
  /** What the startup lines say about the file: loaded from it, or created from the start data. */
  readonly description: string;
  /** Whether the store came from the file (false: the file was created from the start data). */
  readonly loaded: boolean;
}

const counts = (store: PetstoreStore) =>
  `${store.pets.size} pets, ${store.categories.size} categories, ${store.orders.size} orders`;

/**
 * Loads `store` from the file at `path`, which wins over the start data; with no file yet, puts the
 * start data in (`fillNewStore`) and writes the file at once. Throws a `StateFileError` (the file
 * untouched) when the file is not a snapshot or its folder is not writable.
 */
export async function keepStateInFile(
  store: PetstoreStore,
  path: string,
  options: {
    fillNewStore: () => Promise<unknown>;
    onWriteError: (error: Error) => void;
    /** How messages name the file (default `--state PATH`, the CLI's flag). */
    label?: string;
  },
): Promise<DurableState> {
  // A symbolic link is followed: the mock reads and writes its target, and the link stays a link.
  const label = options.label ?? `--state ${resolve(path)}`;
  const file = await resolveStatePath(resolve(path), label);
  const saved = await readStateFile(file, label);
  await checkFolderIsWritable(file, label);
  let description: string;
  if (saved) {
    await store.restore(saved);
    // A reset goes back to what the file held at start.
    store.markBaseline();
    description = `loaded from ${path} (${counts(store)}); --seed and --empty apply only to a new file`;
  } else {
    await options.fillNewStore();
    await writeFileAtomically(file, serializeSnapshot(store.snapshot()));
    description = `${path} created (${counts(store)})`;
  }
  return { writer: writeChangesBack(store, file, options.onWriteError), description, loaded: saved !== undefined };
}
