import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-react-app",
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Builds the page once and drives a real Chromium: generous limits, no timing assertions.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
