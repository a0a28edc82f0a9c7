// @ts-check
// A computed result kept in the system's temporary directory under what it was computed from: a key (what the
// computation is: its code, its options, its tools' versions) and the bytes of every file it read, which the
// computation names itself (a bundler's module graph). A later call with the same key whose files all still hold the
// same bytes gets the kept result; any byte changed in any of them computes again. So the bench (bench/bundle-size.mjs)
// and a test (packages/mock/test/first-load.dist.test.ts) that build the same bundle of the same files build it once.
// The files are named from a base folder, so a checkout elsewhere (CI's clone) with the same bytes shares the result.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { writeFileAtomically } from "./atomic.js";
import { deleteStale } from "./stale.js";

/** Where the results are kept: a folder per kind and key, a file per set of inputs. */
export const KEPT_DIR = join(tmpdir(), "petstore-kept");

const hashOf = (/** @type {string | Buffer} */ data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

/** The hash of a file's bytes, or null once it is gone. @param {string} file */
function fileHash(file) {
  try {
    return hashOf(readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * The result kept for `key` whose inputs (named from `base`) all hold the bytes they held, else `compute()`'s,
 * kept for the next call. `compute` names the files it read (absolute paths); a result must be plain JSON.
 * @template T
 * @param {string} kind what is computed (the start of its folder's name)
 * @param {unknown} key what besides the files decides the result, as JSON
 * @param {string} base the folder the files are named from
 * @param {() => Promise<{ result: T, inputs: string[] }>} compute
 * @returns {Promise<T>}
 */
export async function kept(kind, key, base, compute) {
  const dir = join(KEPT_DIR, `${kind}-${hashOf(JSON.stringify(key))}`);
  for (const name of existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".json")) : []) {
    const found = readKept(join(dir, name), base);
    if (found) {
      // In use: a later computation of another key (another version of the code) leaves this one be.
      const now = new Date();
      utimesSync(dir, now, now);
      return /** @type {T} */ (found.result);
    }
  }
  const { result, inputs } = await compute();
  /** @type {Record<string, string | null>} */
  const hashes = {};
  for (const file of [...new Set(inputs)].sort()) {
    hashes[relative(base, file)] = fileHash(file);
  }
  const file = join(dir, `${hashOf(JSON.stringify(hashes))}.json`);
  // A run that computed the same at the same time may have put its own, alike, in place first.
  writeFileAtomically(file, JSON.stringify({ inputs: hashes, result }));
  // Kept for an hour after their last use: the results of other inputs, and of other keys of this kind.
  deleteStale(dir, file, (name) => name.endsWith(".json"));
  deleteStale(KEPT_DIR, dir, (name) => name.startsWith(`${kind}-`));
  return result;
}

/**
 * The entry in `file` when every input it names still holds the same bytes (its use then noted: its mtime), else
 * undefined; an entry deleted or half written by another run counts as none.
 * @param {string} file
 * @param {string} base
 * @returns {{ result: unknown } | undefined}
 */
function readKept(file, base) {
  try {
    /** @type {{ inputs: Record<string, string | null>, result: unknown }} */
    const entry = JSON.parse(readFileSync(file, "utf8"));
    const same = Object.entries(entry.inputs).every(([input, hash]) => fileHash(resolve(base, input)) === hash);
    if (!same) {
      return undefined;
    }
    const now = new Date();
    utimesSync(file, now, now);
    return entry;
  } catch {
    return undefined;
  }
}

/**
 * The files a bundler read to build the modules `ids` (absolute paths; virtual ids and queries left out): each
 * module's file, the package.json nearest it (its exports and sideEffects decide what is bundled) and, for
 * TypeScript, the nearest tsconfig.json and the ones it extends (they decide how it is compiled).
 * @param {Iterable<string>} ids
 * @returns {string[]}
 */
export function moduleFiles(ids) {
  const files = new Set();
  for (const id of ids) {
    const file = id.replace(/[?#].*$/, "");
    if (!file.startsWith("/") || !existsSync(file)) {
      continue;
    }
    files.add(file);
    const manifest = nearest(dirname(file), "package.json");
    if (manifest) {
      files.add(manifest);
    }
    for (let config = /\.[cm]?tsx?$/.test(file) ? nearest(dirname(file), "tsconfig.json") : undefined; config; ) {
      files.add(config);
      const extended = /"extends"\s*:\s*"([^"]+)"/.exec(readFileSync(config, "utf8"))?.[1];
      config = extended?.startsWith(".") ? resolve(dirname(config), extended) : undefined;
      config = config && !files.has(config) && existsSync(config) ? config : undefined;
    }
  }
  return [...files];
}

/** The file `name` in `folder` or the closest folder above it that has one. @param {string} folder @param {string} name */
function nearest(folder, name) {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, name))) {
      return join(at, name);
    }
    if (dirname(at) === at) {
      return undefined;
    }
  }
}
