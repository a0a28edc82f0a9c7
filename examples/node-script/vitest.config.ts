import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-node-script",
    include: ["test/**/*.test.ts"],
    // Each test starts a real server and a real Node process: generous limits, no timing assertions.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
