import { readFileSync } from "node:fs";
import { document } from "@petstore/contract";
import { defineConfig, type Options } from "tsup";

// The entries are read from package.json, so a new export needs no change here: each subpath of
// `exports` is built from its `@petstore/source` file to the name its `import` path gives.
type ExportConditions = { "@petstore/source": string; import: { default: string } };
const manifest = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  exports: Record<string, ExportConditions | string>;
};
const builtName = (distPath: string) => distPath.replace(/^\.\/dist\//, "").replace(/\.js$/, "");
const libraryEntries = Object.fromEntries(
  Object.values(manifest.exports)
    .filter((conditions): conditions is ExportConditions => typeof conditions === "object")
    .map((conditions) => [builtName(conditions.import.default), conditions["@petstore/source"]]),
);
// The bin is bin/petstore-verify.js, a committed launcher of dist/cli.js (package managers link a bin
// at install, before any build), so the CLI's entry is named here.
const binEntries = { cli: "src/cli.ts" };

// @petstore/contract reads openapi/petstore.yaml from the repository at import (document-source.js);
// a published package has no repository beside it, so the bundle carries the document, parsed now.
const documentInlined: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "petstore-document-inlined",
  setup(build) {
    build.onResolve({ filter: /\/document-source\.js$/ }, (args) =>
      args.importer.includes("/contract/src/")
        ? { path: "document-source", namespace: "petstore-document" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "petstore-document" }, () => ({
      contents: `export const document = ${JSON.stringify(document)};\n// No file: the document is carried here (and the control API is the mock's, not checked here).\nexport const documentPath = undefined;\nexport const controlDocumentPath = undefined;\n`,
      loader: "js",
    }));
  },
};

const shared = {
  sourcemap: true,
  target: "node20",
  platform: "node",
  // A private workspace package: what it holds ships inside this one. ajv, ajv-formats and fast-check
  // stay dependencies (tsup leaves every package.json dependency external).
  noExternal: ["@petstore/contract"],
  esbuildPlugins: [documentInlined],
  // The contract's formats.cjs requires ajv-formats; an ESM bundle has no `require` of its own.
  banner: ({ format }) =>
    format === "esm"
      ? { js: 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);' }
      : {},
} satisfies Options;

// The declarations of each entry: bundled from the .d.ts files that `node ../../scripts/declarations.mjs` (the build's
// first step) wrote into .declarations/, one per source file.
const declarationsOf = (entries: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [
      name,
      source.replace(/^(\.\/)?src\//, ".declarations/").replace(/\.ts$/, ".d.ts"),
    ]),
  );

export default defineConfig([
  {
    ...shared,
    entry: libraryEntries,
    format: ["esm", "cjs"],
    dts: { entry: declarationsOf(libraryEntries) },
    splitting: true,
    clean: true,
  },
  // The CLI is a program of its own: ESM only, no declarations.
  { ...shared, entry: binEntries, format: ["esm"] },
]);
