// @ts-check
// What the test helpers keep in the system's temporary directory (packed tarballs, installs), once unused for an hour.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const STALE_MS = 60 * 60_000;

/**
 * Deletes the entries of `dir` that `matches` accepts, but `keep`, whose last use (their mtime) is an hour old.
 * @param {string} dir
 * @param {string} keep the path just made or used
 * @param {(name: string) => boolean} matches
 */
export function deleteStale(dir, keep, matches) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (matches(name) && path !== keep && Date.now() - mtimeMs > STALE_MS) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}
