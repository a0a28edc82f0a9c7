import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Options } from "tsup";
// @msw/data takes mutative from a module that loads it on first use (scripts/mutative-on-demand.mjs).
import { mutativeOnDemand } from "./scripts/mutative-on-demand.mjs";

// The library's entries are the subpaths of package.json `exports` (`.` is src/index.ts, `./node` is
// src/node.ts, …), so a new runtime entry is declared in one place.
const { exports } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  exports: Record<string, unknown>;
};
const entry = Object.fromEntries(
  Object.keys(exports)
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => (subpath === "." ? "index" : subpath.slice(2)))
    .map((name) => [name, `src/${name}.ts`]),
);

// The declarations of each entry: bundled from the .d.ts files that `node ../../scripts/declarations.mjs` (the build's
// first step) wrote into .declarations/, one per source file.
const declarationsOf = (entries: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [
      name,
      source.replace(/^(\.\/)?src\//, ".declarations/").replace(/\.ts$/, ".d.ts"),
    ]),
  );

// The CommonJS build takes src/msw/node/msw-http.cjs.ts where the ESM build takes msw-http.ts (top-level
// await has no CommonJS form). tsup builds split CommonJS through esbuild's ESM output, so the format is
// read from the TSUP_FORMAT constant tsup defines.
const mswHttpPerFormat: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "msw-http-per-format",
  setup(build) {
    if (build.initialOptions.define?.TSUP_FORMAT === JSON.stringify("cjs")) {
      build.onResolve({ filter: /\/msw-http\.js$/ }, (args) => ({
        path: join(args.resolveDir, args.path.replace(/\.js$/, ".cjs.ts")),
      }));
    }
  },
};

// One config for every entry with code splitting, so /node and /browser share the core instead
// of each carrying a copy of the store and operations.
export default defineConfig([
  {
    entry,
    format: ["esm", "cjs"],
    dts: { entry: declarationsOf(entry) },
    splitting: true,
    sourcemap: true,
    clean: true,
    target: "es2022",
    // `node:fs`, not `fs`: Deno resolves Node's modules by the `node:` prefix outside npm packages too.
    removeNodeProtocol: false,
    external: ["msw", "msw/node", "msw/browser", "msw/core/http", "msw/http"],
    // @msw/data is bundled with the few es-toolkit functions it uses: loaded from node_modules, its
    // es-toolkit barrel alone costs ~100 ms per process (every vitest file pays it). Its types stay
    // a dependency's, so the declarations still name it. rettime and outvariant, which it shares with msw, are
    // dependencies instead, so an app's bundler keeps msw's one copy of each rather than a second.
    noExternal: ["@msw/data", "es-toolkit", "mutative"],
    esbuildPlugins: [mswHttpPerFormat, mutativeOnDemand],
  },
  {
    // The CLI is its own program: bundling @msw/data (and its es-toolkit files) into it cuts cold
    // start by hundreds of module loads.
    entry: { cli: "src/cli.ts" },
    format: ["esm"],
    // One file: the control handler the pipeline imports lazily is inlined, not split into chunks.
    splitting: false,
    sourcemap: true,
    target: "node20",
    platform: "node",
    external: ["msw"],
    noExternal: ["@msw/data"],
  },
]);
