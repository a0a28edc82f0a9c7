// `--out FILE` of `petstore-verify capture`: whether it can be written is checked before the first
// request, and the file is replaced whole or not at all (a temporary file beside it, renamed over
// it), so a failed capture never leaves a partial snapshot behind.
import {
  accessSync,
  closeSync,
  constants,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** `--out` cannot be written: the flag and the file are in the message. */
export class OutFileError extends Error {
  override name = "OutFileError";
}

/** The file's or folder's stat; undefined when nothing is there, or when a folder on the way is a file. */
function statOf(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") {
      return undefined;
    }
    throw error;
  }
}

export function checkOutWritable(file: string): void {
  const path = resolve(file);
  const existing = statOf(path);
  if (existing?.isDirectory()) {
    throw new OutFileError(`--out ${file}: is a folder, not a file`);
  }
  const folder = dirname(path);
  const folderInfo = statOf(folder);
  if (!folderInfo) {
    const above = statOf(dirname(folder));
    if (above && !above.isDirectory()) {
      throw new OutFileError(`--out ${file}: cannot be written (${dirname(folder)} is not a folder)`);
    }
    throw new OutFileError(`--out ${file}: cannot be written (the folder ${folder} does not exist)`);
  }
  if (!folderInfo.isDirectory()) {
    throw new OutFileError(`--out ${file}: cannot be written (${folder} is not a folder)`);
  }
  try {
    // The rename needs the folder; replacing the file needs nothing of the file itself.
    accessSync(folder, constants.W_OK);
  } catch {
    throw new OutFileError(`--out ${file}: cannot be written (not allowed to create files in ${folder})`);
  }
}

/** Writes `text` to `file` atomically: the old file (or none) until the new one is whole on disk. */
export function writeOutAtomically(file: string, text: string): void {
  const path = resolve(file);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const descriptor = openSync(temporary, "w", 0o644);
    try {
      writeSync(descriptor, text);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new OutFileError(`--out ${file}: cannot be written (${(error as Error).message})`);
  }
}
