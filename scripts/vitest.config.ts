import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "scripts",
    include: ["test/**/*.test.ts"],
    // These tests start `pnpm start` and the CLI as real processes.
    testTimeout: 60_000,
  },
});
