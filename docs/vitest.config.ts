import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "docs",
    include: ["test/**/*.test.ts"],
    // A headless browser and freshly started mocks: slower than unit tests.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
