import { defineProject } from "vitest/config";

// The tests of the built package (dist/, the packed tarball): they need `pnpm build` first, which
// `pnpm test` runs before them. Every other test of the mock runs from source.
export default defineProject({
  test: {
    name: "mock:package",
    include: ["test/modules/**/*.test.ts", "test/**/*.dist.test.ts"],
    // Each test runs Node, tsc or npm in the installed app, synchronously: vitest's 5 s ran out on a loaded machine.
    testTimeout: 60_000,
  },
});
