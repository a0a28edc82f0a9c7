// The file of `petstore-mock --state FILE` (and of the Deno and Bun servers' `state` option), every session's
// snapshot: read and checked at start, replaced atomically on each write.
import type { Stats } from "node:fs";
import { type FileHandle, lstat, open, readlink, realpath, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { SnapshotError } from "../core/control/snapshot-file.js";
import { parseStateFile, type StateFileContents } from "../core/control/state-file-format.js";

/** A state file the mock cannot start from, or a folder it cannot write to; the message names it. */
export class StateFileError extends Error {}

/**
 * Beside the file, so that the rename that replaces the file never crosses file systems; named after the
 * process, so that two processes writing the same file never write into one temporary file.
 */
const temporaryPath = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);

/** As `PUT …/state` reads a body: bytes that are not UTF-8 are refused; the BOM is left to `parseSnapshot`. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** What a path that is not a regular file is, in words; undefined for a regular file. */
function notAFile(info: Stats): string | undefined {
  if (info.isFile()) {
    return undefined;
  }
  if (info.isDirectory()) {
    return "a folder";
  }
  if (info.isFIFO()) {
    return "a named pipe (FIFO)";
  }
  return info.isCharacterDevice() || info.isBlockDevice() ? "a device" : info.isSocket() ? "a socket" : "not a file";
}

/**
 * The file the mock reads and writes for `path`: a symbolic link is followed to its target (written
 * atomically in the target's own folder, so the link stays a link); a path with nothing there yet is
 * itself. A link to nothing, or a loop of links, is refused.
 */
export async function resolveStatePath(path: string, label = `--state ${path}`): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") {
      throw new StateFileError(`${label} is a loop of symbolic links; name a file`);
    }
    if (code === "ENOENT" && (await lstat(path).catch(() => undefined))?.isSymbolicLink()) {
      const target = await readlink(path);
      throw new StateFileError(
        `${label} is a symbolic link to ${target}, which does not exist; create it, or name the file itself`,
      );
    }
    // Nothing there yet (a new file), or a folder that is missing or not a folder: the reads below say which.
    return path;
  }
}

/**
 * The sessions in the file (of either format), or undefined if there is no file yet. A file that is not a snapshot is
 * refused with the first problem in it, and left as it is; so is a path that is not a regular file (a
 * folder, a named pipe, a device), without opening it.
 */
export async function readStateFile(path: string, label = `--state ${path}`): Promise<StateFileContents | undefined> {
  let bytes: Uint8Array;
  try {
    // Checked before it is opened: opening a named pipe waits for a writer, for ever.
    const kind = notAFile(await stat(path));
    if (kind) {
      throw new StateFileError(`${label} is ${kind}, not a regular file; name a file`);
    }
    const file = await open(path, "r");
    try {
      const swapped = notAFile(await file.stat());
      if (swapped) {
        throw new StateFileError(`${label} is ${swapped}, not a regular file; name a file`);
      }
      bytes = await file.readFile();
    } finally {
      await file.close();
    }
  } catch (error) {
    if (error instanceof StateFileError) {
      throw error;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      return undefined;
    }
    if (code === "ENOTDIR") {
      throw new StateFileError(`the folder ${dirname(path)} of ${label} is not a folder`);
    }
    throw new StateFileError(code === "EISDIR" ? `${label} is a folder; name a file` : `cannot read ${label}: ${code}`);
  }
  const refused = (problem: string) =>
    new StateFileError(
      `${label} is not a state file of the mock: ${problem}. It was left as it is: fix it, or move it away to start afresh`,
    );
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw refused("not valid UTF-8");
  }
  try {
    return parseStateFile(text);
  } catch (error) {
    if (error instanceof SnapshotError) {
      throw refused(error.message);
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

/** `pieces` one after the other: in one call where the runtime has `writev` (Node: one system call), else joined first. */
async function writePieces(file: FileHandle, pieces: readonly Uint8Array[]): Promise<void> {
  if (typeof file.writev !== "function") {
    await file.writeFile(Buffer.concat(pieces));
    return;
  }
  const { bytesWritten } = await file.writev(pieces as Uint8Array[]);
  const total = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  if (bytesWritten < total) {
    const rest = Buffer.concat(pieces).subarray(bytesWritten);
    await file.write(rest, 0, rest.length, bytesWritten);
  }
}

/**
 * Replaces the file with `text` (or its `pieces` one after the other) so that it is always either the old or the new whole file, even if
 * the process is killed or the machine stops mid-write: a temporary file in the same folder, flushed
 * to disk, renamed over the file, then the folder flushed so the rename itself is durable.
 */
export async function writeFileAtomically(
  path: string,
  text: string | Uint8Array | readonly Uint8Array[],
): Promise<void> {
  const temporary = temporaryPath(path);
  // The new file keeps the permissions of the one it replaces.
  const mode = (await stat(path).catch(() => undefined))?.mode ?? 0o644;
  const file = await open(temporary, "w", mode & 0o777);
  try {
    await (typeof text === "string" || text instanceof Uint8Array ? file.writeFile(text) : writePieces(file, text));
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
