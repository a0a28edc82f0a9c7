import { defineProject } from "vitest/config";

// The tests of the built package (dist/ in a Node process of its own, the packed tarball): they need
// `pnpm build` first, which `pnpm test` runs before them. Every other test of the SDK runs from source.
export default defineProject({
  test: {
    name: "sdk:package",
    include: ["test/modules/**/*.test.ts", "test/**/*.dist.test.ts"],
    // Each test runs Node or tsc in the installed app, synchronously: vitest's 5 s can run out on a loaded machine.
    testTimeout: 60_000,
  },
});
