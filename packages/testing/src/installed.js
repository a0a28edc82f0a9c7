// @ts-check
// One `npm install` of the same specs (our packed tarballs, packages from the registry) for every test file that
// asks for it: kept in the system's temporary folder under a hash of the specs (a kept tarball's path names its
// content, pack.js), made by the first file that asks while the others wait for it, and deleted once unused for an
// hour. Each file's app is a folder of its own inside it (packed.js), so no file sees what another writes.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { deleteStale } from "./stale.js";

/** Where the installs are kept: a folder per label and specs. */
export const INSTALL_CACHE = join(tmpdir(), "petstore-installed");
/** A lock older than this was left by a process that died installing: the next one takes over. */
const LOCK_STALE_MS = 10 * 60_000;
const WAIT_MS = 10 * 60_000;
/** Written last: a folder without it is an install that did not finish. */
const DONE = ".installed";

/** Blocks the thread for `ms` (packedApp is synchronous, as the tests' beforeAll call it). */
const sleep = (/** @type {number} */ ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The folder where `specs` are installed by npm (a spec that is a path to a .tgz is installed from a copy beside the
 * app, as `npm install ./file.tgz`), installing them first when no finished install of the same specs is kept.
 * @param {string} label names the folder, e.g. `sdk-query`
 * @param {string[]} specs
 * @returns {string}
 */
export function installedOnce(label, specs) {
  const key = createHash("sha256")
    .update([...specs].sort().join("\0"))
    .digest("hex")
    .slice(0, 16);
  const folder = join(INSTALL_CACHE, `${label}-${key}`);
  const lock = `${folder}.lock`;
  mkdirSync(INSTALL_CACHE, { recursive: true });
  for (const deadline = Date.now() + WAIT_MS; ; ) {
    if (existsSync(join(folder, DONE))) {
      const now = new Date();
      utimesSync(folder, now, now);
      return folder;
    }
    try {
      mkdirSync(lock);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") {
        throw error;
      }
      const heldMs = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (heldMs > LOCK_STALE_MS) {
        rmSync(lock, { recursive: true, force: true });
      } else if (Date.now() > deadline) {
        throw new Error(`installed.js: waited ${WAIT_MS / 60_000} min for another process to install ${folder}`);
      } else {
        sleep(200);
      }
      continue;
    }
    try {
      install(folder, specs);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Installs `specs` in a folder of its own, then moves it to `folder` finished; deletes stale installs. */
function install(/** @type {string} */ folder, /** @type {string[]} */ specs) {
  const staging = mkdtempSync(join(INSTALL_CACHE, ".installing-"));
  try {
    writeFileSync(join(staging, "package.json"), JSON.stringify({ name: "petstore-user-app", private: true }));
    const args = specs.map((spec) => {
      if (!spec.endsWith(".tgz")) {
        return spec;
      }
      copyFileSync(spec, join(staging, basename(spec)));
      return `./${basename(spec)}`;
    });
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...args], {
      cwd: staging,
      stdio: ["ignore", "pipe", "pipe"],
    });
    writeFileSync(join(staging, DONE), "");
    // An unfinished install left by a process that died.
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  // A lock goes with its maker, or as stale after LOCK_STALE_MS (installedOnce).
  deleteStale(INSTALL_CACHE, folder, (name) => !name.endsWith(".lock"));
}
