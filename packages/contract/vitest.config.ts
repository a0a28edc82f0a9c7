import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "contract",
    // One module graph per worker, not one per file (see packages/mock/vitest.config.ts).
    isolate: false,
    include: ["test/**/*.test.ts"],
  },
});
