import { defineConfig } from "tsup";

export default defineConfig({
  // `@petstore/sdk/schemas` is an entry of its own: the main bundle does not carry the validators.
  entry: ["src/index.ts", "src/schemas.ts"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
});
