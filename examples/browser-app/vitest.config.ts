import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-browser-app",
    include: ["test/**/*.test.ts"],
    // Builds the page twice and drives a real Chromium: generous limits, no timing assertions.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
