import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "readmes",
    include: ["readmes*.test.ts"],
    // Runs after every other project: `pnpm docs:build` and the servers it starts must not race the docs
    // browser test or tie up the 2 cores while the heavier suites run.
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
