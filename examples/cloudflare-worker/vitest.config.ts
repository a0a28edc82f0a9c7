import { defineProject } from "vitest/config";

// Real workerd: each test file starts `wrangler dev` (on the example's Node 22) on a free port.
export default defineProject({
  test: {
    name: "example-cloudflare-worker",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
