import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "conformance",
    // One module graph per worker, not one per file (see packages/mock/vitest.config.ts).
    isolate: false,
    include: ["test/**/*.test.ts"],
    // Every response any mock in a test process produces is checked against the document.
    setupFiles: ["./src/self-check-setup.ts"],
    // The self-check's checker is compiled once per run (before the project's own global set-up).
    globalSetup: ["@petstore/contract/self-check/global-setup", "./src/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
