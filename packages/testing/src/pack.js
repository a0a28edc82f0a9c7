// @ts-check
// A workspace package as `pnpm pack` packs it (what `pnpm publish` would upload), packed once per content: the
// tarball is kept in a folder of the system's temporary directory under a hash of everything the pack reads,
// so the test files of a run (each in its own worker) that install the same package share one `pnpm pack`,
// and a rebuild (any byte of dist/ or the package.json changed) packs again.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { deleteStale } from "./stale.js";

const require = createRequire(import.meta.url);
/** Where the tarballs are kept: a folder per package and content. */
export const PACK_CACHE = join(tmpdir(), "petstore-packed");
const CACHE = PACK_CACHE;
/** Every file under `path` (itself if a file), sorted. @param {string} path @returns {string[]} */
function filesUnder(path) {
  if (!existsSync(path)) {
    return [];
  }
  if (!statSync(path).isDirectory()) {
    return [path];
  }
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .map((file) => join(path, file))
    .filter((file) => statSync(file).isFile())
    .sort();
}

/**
 * The hash of what `pnpm pack` of the package in `folder` reads: its package.json, the versions of the workspace
 * packages it depends on (pnpm writes them in for `workspace:` ranges), and every file of its `files` and the
 * files npm always packs (README, LICENSE, CHANGELOG). Extra files only pack again, never wrongly share.
 * @param {string} folder
 */
function contentKey(folder) {
  const manifestText = readFileSync(join(folder, "package.json"), "utf8");
  /** @type {{ name: string, files?: string[], bin?: string | Record<string, string>, [field: string]: unknown }} */
  const manifest = JSON.parse(manifestText);
  const hash = createHash("sha256").update(manifestText);
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies", "devDependencies"]) {
    const ranges = /** @type {Record<string, string>} */ (manifest[field] ?? {});
    for (const [name, range] of Object.entries(ranges).sort()) {
      if (range.startsWith("workspace:")) {
        const version = JSON.parse(
          readFileSync(require.resolve(`${name}/package.json`, { paths: [folder] }), "utf8"),
        ).version;
        hash.update(`\0${name}@${version}`);
      }
    }
  }
  // Plain paths only: a package without `files` (everything packed) or with a glob in it would need pnpm's own
  // file list, which this does not compute; such a package fails here instead of sharing a stale tarball.
  const listed = manifest.files ?? [];
  if (!manifest.files || listed.some((entry) => /[*?[\]{}!]/.test(entry))) {
    throw new Error(`pack.js: ${manifest.name} needs a "files" list of plain paths to be packed once per content`);
  }
  const always = readdirSync(folder).filter((file) => /^(readme|license|licence|changelog)/i.test(file));
  const bins = typeof manifest.bin === "string" ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const files = [...new Set([...listed, ...always, ...bins].flatMap((entry) => filesUnder(join(folder, entry))))];
  for (const file of files.sort()) {
    hash.update(`\0${relative(folder, file)}\0`).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Copies the package `name` (e.g. `@petstore/mock`; it must be built), packed as `pnpm pack` packs it, into `dir`;
 * returns the tarball's file name there (pnpm's, e.g. `petstore-mock-0.0.0.tgz`). Packs only when no tarball of
 * the same content is kept yet.
 * @param {string} name
 * @param {string} dir
 * @returns {string}
 */
export function packInto(name, dir) {
  return packFolderInto(dirname(require.resolve(`${name}/package.json`)), dir);
}

/**
 * packInto for the package in `folder`.
 * @param {string} folder
 * @param {string} dir
 * @returns {string}
 */
export function packFolderInto(folder, dir) {
  return keptTarball(folder, (tarball) => {
    const name = basename(tarball);
    copyFileSync(tarball, join(dir, name));
    return name;
  });
}

/**
 * The kept tarball of the package `name` (packed when no tarball of the same content is kept yet): its path, which
 * names its content (the folder is the package's name and content hash).
 * @param {string} name
 * @returns {string}
 */
export function packedTarball(name) {
  return keptTarball(dirname(require.resolve(`${name}/package.json`)), (tarball) => tarball);
}

/**
 * Calls `use` with the path of the kept tarball of the package in `folder`, packing it first when none of its
 * content is kept.
 * @template T
 * @param {string} folder
 * @param {(tarball: string) => T} use
 * @returns {T}
 */
function keptTarball(folder, use) {
  const { name } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const prefix = `${name.replace(/^@/, "").replace("/", "-")}-`;
  const kept = join(CACHE, `${prefix}${contentKey(folder)}`);
  for (let attempt = 0; ; attempt++) {
    if (!existsSync(kept)) {
      pack(folder, kept, prefix);
    }
    try {
      // In use: a newer content packed by another run (another checkout) leaves it be.
      const now = new Date();
      utimesSync(kept, now, now);
      const tarball = /** @type {string} */ (readdirSync(kept).find((file) => file.endsWith(".tgz")));
      return use(join(kept, tarball));
    } catch (error) {
      // Deleted as stale by another run between the check and the copy: pack it again, once.
      if (attempt > 0 || /** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") {
        throw error;
      }
    }
  }
}

/** Packs the package in `folder` into the folder `kept`, and deletes the stale tarballs of the same package. */
function pack(/** @type {string} */ folder, /** @type {string} */ kept, /** @type {string} */ prefix) {
  mkdirSync(CACHE, { recursive: true });
  const packing = mkdtempSync(join(CACHE, ".packing-"));
  try {
    execFileSync("pnpm", ["pack", "--pack-destination", packing], { cwd: folder, stdio: "ignore" });
    // Atomic: a worker that packed the same content at the same time has put its own, alike, in place first.
    renameSync(packing, kept);
  } catch (error) {
    rmSync(packing, { recursive: true, force: true });
    if (!existsSync(kept)) {
      throw error;
    }
  }
  deleteStale(CACHE, kept, (name) => name.startsWith(prefix));
}
