import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-vue-app",
    include: ["test/**/*.test.ts"],
    // Builds the page twice and drives a real Chromium: generous limits, no timing assertions.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
