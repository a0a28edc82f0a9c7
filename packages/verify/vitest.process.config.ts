import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// The process tier: `petstore-verify` run as a child process (dist/cli.js, after the build) against
// mocks on real sockets, including the broken backends of test/support, which run the mock's source.
// Time-outs fit a full default run on a loaded machine.
export default defineProject({
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@petstore/source", ...defaultServerConditions] } },
  test: {
    name: "verify:process",
    include: ["test/**/*.process.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
