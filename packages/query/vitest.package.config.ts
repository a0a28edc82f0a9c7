import { defineProject } from "vitest/config";

// The packed tarball, installed outside the workspace: needs `pnpm build` first, which `pnpm test` runs.
export default defineProject({
  test: {
    name: "query:package",
    include: ["test/modules/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
