// @ts-check
// What a browser loads first of an app's entry, as Vite ships it: Vite's production build (Rollup, code splitting,
// esbuild's minifier, es2022), then each emitted chunk gzipped (level 9) as a server sends it. The first load is
// the entry chunk and every chunk it imports statically; a chunk reached only through a dynamic import() is lazy
// and counted apart. Shared by the bench (bench/bundle-size.mjs) and the mock's test of its budget
// (packages/mock/test/first-load.dist.test.ts), so both count the same bytes; built once per content (kept.js): the
// bench and the test, or two runs, that build the same entry of the same files share one build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { kept, moduleFiles } from "./kept.js";

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
  const code = [import.meta.url, new URL("./kept.js", import.meta.url)].map((file) =>
    readFileSync(new URL(file), "utf8"),
  );
  const key = { contents, conditions, code, tools: toolVersions() };
  return kept("first-load", key, ROOT, () => build(contents, conditions));
}

/** The versions of the tools that build (Vite, and the Rollup and esbuild it runs). */
function toolVersions() {
  const vite = createRequire(import.meta.url).resolve("vite/package.json");
  return ["vite/package.json", "rollup/package.json", "esbuild/package.json"].map(
    (manifest) => JSON.parse(readFileSync(createRequire(vite).resolve(manifest), "utf8")).version,
  );
}

/**
 * From source, @msw/data is the one in node_modules, which imports mutative; the mock's build bundles it and hands it
 * the module that loads mutative on first use instead (packages/mock/scripts/mutative-on-demand.mjs): so does a build
 * from source, by the same rule.
 * @returns {Promise<import("vite").Plugin>}
 */
async function mutativeOnDemand() {
  const { mutativeFor } = await import(pathToFileURL(join(ROOT, "scripts/mutative-on-demand.mjs")).href);
  return { name: "mutative-on-demand", enforce: "pre", resolveId: mutativeFor };
}

/**
 * firstLoad's build: its result, and the files it read (the module graph, kept.js's moduleFiles).
 * @param {string} contents
 * @param {string[]} conditions
 * @returns {Promise<{ result: FirstLoad, inputs: string[] }>}
 */
async function build(contents, conditions) {
  const id = "\0first-load-entry.js";
  /** @type {string[]} */
  let graph = [];
  const vite = await import("vite");
  const output = await vite.build({
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
        buildEnd() {
          graph = [...this.getModuleIds()];
        },
      },
      ...(conditions.includes("@petstore/source") ? [await mutativeOnDemand()] : []),
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
  const result = {
    gzip: firstFiles.reduce((sum, chunk) => sum + chunk.gzip, 0),
    minified: firstFiles.reduce((sum, chunk) => sum + chunk.minified, 0),
    files: firstFiles,
    lazy: described.filter((chunk) => !first.has(chunk.file)),
    modules: firstFiles.flatMap((chunk) => chunk.modules).sort((a, b) => b.bytes - a.bytes),
  };
  return { result, inputs: moduleFiles(graph) };
}
