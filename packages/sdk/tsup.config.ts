import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

// The entries are read from package.json, so a new export needs no change here: each subpath of `exports` is
// built from its `@petstore/source` file to the name its `import` path gives. `@petstore/sdk/schemas` and
// `@petstore/sdk/tags` are entries of their own: the main bundle carries neither the validators nor the tag table.
type ExportConditions = { "@petstore/source": string; import: { default: string } };
const manifest = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  exports: Record<string, ExportConditions | string>;
};
const entry = Object.fromEntries(
  Object.values(manifest.exports)
    .filter((conditions): conditions is ExportConditions => typeof conditions === "object")
    .map((conditions) => [
      conditions.import.default.replace(/^\.\/dist\//, "").replace(/\.js$/, ""),
      conditions["@petstore/source"],
    ]),
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

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: { entry: declarationsOf(entry) },
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
});
