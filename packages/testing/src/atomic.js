// @ts-check
// Writing what several processes may write at once (test workers, a bench beside them) to the system's temporary
// folder: each writes a file of its own, then renames it into place, so no reader sees a half-written file.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes `data` to `file` (its folder made when missing) in one step for any reader.
 * @param {string} file
 * @param {string | Uint8Array} data
 */
export function writeFileAtomically(file, data) {
  mkdirSync(dirname(file), { recursive: true });
  const writing = `${file}.${process.pid}.tmp`;
  writeFileSync(writing, data);
  renameSync(writing, file);
}
