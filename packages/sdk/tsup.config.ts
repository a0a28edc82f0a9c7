import { defineConfig } from "tsup";

export default defineConfig({
  // `@petstore/sdk/schemas` and `@petstore/sdk/tags` are entries of their own: the main bundle carries
  // neither the validators nor the tag table.
  entry: ["src/index.ts", "src/schemas.ts", "src/tags.ts"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
});
