import { defineConfig } from "vitest/config";

// One run for the whole workspace; each package and example keeps its own vitest config, and a
// package's tests of its built artifacts have their own project (vitest.package.config.ts).
export default defineConfig({
  test: {
    projects: ["{packages/*,examples/*,docs,scripts,test}/vitest.config.ts", "packages/*/vitest.package.config.ts"],
  },
});
