import { defineProject } from "vitest/config";

// The process tier: `petstore-verify` run as a child process against mocks on real sockets,
// including the broken backends of test/support. Time-outs fit a full default run on a loaded machine.
export default defineProject({
  test: {
    name: "verify:process",
    include: ["test/**/*.process.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
