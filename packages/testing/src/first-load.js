// @ts-check
// What a browser loads first of an app's entry, as Vite ships it: Vite's production build (Rollup, code splitting,
// esbuild's minifier, es2022), then each emitted chunk gzipped (level 9) as a server sends it. The first load is
// the entry chunk and every chunk it imports statically; a chunk reached only through a dynamic import() is lazy
// and counted apart. Shared by the bench (bench/bundle-size.mjs) and the mock's test of its budget
// (packages/mock/test/first-load.dist.test.ts), so both count the same bytes.
import { createRequire } from "node:module";
import { dirname, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

/**
 * Where the entry's imports resolve from: @petstore/mock's folder, found as Node finds the package, where both
 * the mock (by its own name) and msw resolve as in an app that installs them.
 */
const ROOT = dirname(createRequire(import.meta.url).resolve("@petstore/mock/package.json"));

/** The mock's browser entry as an app starts it. */
export const MOCK_ENTRY = `import { setupPetstoreServiceWorker } from "@petstore/mock/browser";
setupPetstoreServiceWorker({ baseUrl: "/api" }).start({ onUnhandledRequest: "bypass" });`;

/** What the mock's browser entry uses of msw: setupWorker and the http handlers (the baseline). */
export const MSW_ENTRY = `import { http } from "msw";
import { setupWorker } from "msw/browser";
setupWorker(http.get("/api/pets", () => new Response("[]"))).start({ onUnhandledRequest: "bypass" });`;

/** The budget: the mock's first load at most this many bytes (min+gz) over msw's. */
export const FIRST_LOAD_BUDGET = 40_000;

/**
 * @typedef {object} Chunk one emitted chunk, its modules the largest first (bytes rendered, before minifying)
 * @property {string} file
 * @property {string} name
 * @property {number} minified
 * @property {number} gzip
 * @property {{ module: string, bytes: number }[]} modules
 */

/**
 * @typedef {object} FirstLoad
 * @property {number} gzip the first load's bytes, each chunk gzipped (level 9), summed
 * @property {number} minified
 * @property {Chunk[]} files the entry's chunk and the chunks it imports statically
 * @property {Chunk[]} lazy the chunks reached only through a dynamic import()
 * @property {{ module: string, bytes: number }[]} modules the modules of the first load, the largest first
 */

/**
 * A module's id as the tables show it: a package's path inside it, the mock's own file from its folder.
 * @param {string} id
 */
function moduleName(id) {
  const inModules = /node_modules\/(?!.*node_modules\/)((?:@[^/]+\/)?[^/]+\/.*)$/.exec(id)?.[1];
  return inModules ?? (id.startsWith("\0") ? "(entry)" : relative(ROOT, id));
}

/**
 * Builds `contents` (an entry module, resolved from the mock's folder) as Vite would for production, and
 * splits what it emits into the first load and the lazy chunks. `conditions` adds export conditions (the
 * workspace's `@petstore/source` builds from source). Each chunk lists its modules, the largest first, by their
 * bytes in the chunk before minifying.
 * @param {string} contents
 * @param {{ conditions?: string[] }} [options]
 * @returns {Promise<FirstLoad>}
 */
export async function firstLoad(contents, { conditions = [] } = {}) {
  const id = "\0first-load-entry.js";
  const output = await build({
    configFile: false,
    envFile: false,
    logLevel: "silent",
    root: ROOT,
    mode: "production",
    // The same bytes under vitest (NODE_ENV=test) as in the bench.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: { conditions: [...conditions, "module", "browser", "production"] },
    plugins: [
      {
        name: "first-load-entry",
        resolveId: (source) => (source === "first-load-entry" ? id : undefined),
        load: (loaded) => (loaded === id ? contents : undefined),
      },
    ],
    build: {
      write: false,
      minify: "esbuild",
      target: "es2022",
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: { input: "first-load-entry" },
    },
  });
  const [emitted] = /** @type {import("vite").Rollup.RollupOutput[]} */ ([output].flat());
  const files = emitted?.output ?? [];
  const chunks = /** @type {import("vite").Rollup.OutputChunk[]} */ (files.filter((file) => file.type === "chunk"));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) {
    throw new Error("vite build emitted no entry chunk");
  }
  /** @type {Set<string>} */
  const first = new Set();
  for (const pending = [entry.fileName]; pending.length; ) {
    const file = /** @type {string} */ (pending.pop());
    if (!first.has(file)) {
      first.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
  }
  const described = chunks.map((chunk) => ({
    file: chunk.fileName,
    name: chunk.name,
    minified: Buffer.byteLength(chunk.code),
    gzip: gzipSync(chunk.code, { level: 9 }).byteLength,
    modules: Object.entries(chunk.modules)
      .map(([module, { renderedLength }]) => ({ module: moduleName(module), bytes: renderedLength }))
      .filter(({ bytes }) => bytes > 0)
      .sort((a, b) => b.bytes - a.bytes),
  }));
  const firstFiles = described.filter((chunk) => first.has(chunk.file));
  return {
    gzip: firstFiles.reduce((sum, chunk) => sum + chunk.gzip, 0),
    minified: firstFiles.reduce((sum, chunk) => sum + chunk.minified, 0),
    files: firstFiles,
    lazy: described.filter((chunk) => !first.has(chunk.file)),
    modules: firstFiles.flatMap((chunk) => chunk.modules).sort((a, b) => b.bytes - a.bytes),
  };
}
