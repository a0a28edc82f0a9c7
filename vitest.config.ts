import { defineConfig } from "vitest/config";

// One run for the whole workspace; each package and example keeps its own vitest config.
export default defineConfig({
  test: {
    projects: ["{packages/*,examples/*,docs,scripts,test}/vitest.config.ts"],
  },
});
