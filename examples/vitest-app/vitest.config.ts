import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-vitest-app",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
