import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-vitest-app",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    // Every mock response these tests provoke is checked against openapi/petstore.yaml; the checker
    // is compiled once per run (globalSetup), not once per test file.
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    setupFiles: ["./test/setup.ts"],
  },
});
