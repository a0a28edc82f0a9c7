// The file of `petstore-mock --state FILE` (and of the Deno and Bun servers' `state` option): read and checked at start, replaced atomically on each write.
import { open, readFile, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { parseSnapshot, SnapshotError } from "../core/control/snapshot-file.js";
import type { StoreSnapshot } from "../core/store/store.js";

/** A state file the mock cannot start from, or a folder it cannot write to; the message names it. */
export class StateFileError extends Error {}

/**
 * Beside the file, so that the rename that replaces the file never crosses file systems; named after the
 * process, so that two processes writing the same file never write into one temporary file.
 */
const temporaryPath = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);

/**
 * The snapshot in the file, or undefined if there is no file yet. A file that is not a snapshot is
 * refused with the first problem in it, and left as it is.
 */
export async function readStateFile(path: string, label = `--state ${path}`): Promise<StoreSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      return undefined;
    }
    if (code === "ENOTDIR") {
      throw new StateFileError(`the folder ${dirname(path)} of ${label} is not a folder`);
    }
    throw new StateFileError(code === "EISDIR" ? `${label} is a folder; name a file` : `cannot read ${label}: ${code}`);
  }
  try {
    return parseSnapshot(text);
  } catch (error) {
    if (error instanceof SnapshotError) {
      throw new StateFileError(
        `${label} is not a state file of the mock: ${error.message}. It was left as it is: fix it, or move it away to start afresh`,
      );
    }
    throw error;
  }
}

/** Fails unless the mock can create, write and remove files in the file's folder. */
export async function checkFolderIsWritable(path: string, label = `--state ${path}`): Promise<void> {
  const folder = dirname(path);
  try {
    // A probe file, not access(W_OK): Deno's node:fs would need --allow-sys for that.
    const probe = await open(temporaryPath(path), "w");
    await probe.close();
    await unlink(temporaryPath(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "does not exist" : code === "ENOTDIR" ? "is not a folder" : `is not writable (${code})`;
    throw new StateFileError(`the folder ${folder} of ${label} ${reason}`);
  }
}

/**
 * Replaces the file with `text` so that it is always either the old or the new whole file, even if
 * the process is killed or the machine stops mid-write: a temporary file in the same folder, flushed
 * to disk, renamed over the file, then the folder flushed so the rename itself is durable.
 */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = temporaryPath(path);
  // The new file keeps the permissions of the one it replaces.
  const mode = (await stat(path).catch(() => undefined))?.mode ?? 0o644;
  const file = await open(temporary, "w", mode & 0o777);
  try {
    await file.writeFile(text, "utf8");
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  try {
    const folder = await open(dirname(path), "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch {
    // Folders cannot be opened or flushed on some systems (Windows); the rename is still atomic there.
  }
}
