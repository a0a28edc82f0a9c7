import { defineProject } from "vitest/config";

// The READMEs' commands, in a project of their own for their limits. They run beside every other test file and start
// among the first (scripts/slow-files-first.mjs): no other test writes what they read, nor reads what they write
// (the docs' browser test builds the reference into a folder of its own; the Storybook build is left to its test).
export default defineProject({
  test: {
    name: "readmes",
    include: ["readmes*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
