import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-vitest-app",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    // Every mock response these tests provoke is checked against openapi/petstore.yaml.
    setupFiles: ["./test/setup.ts"],
  },
});
