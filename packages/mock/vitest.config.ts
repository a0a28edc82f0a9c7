import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "mock",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
  },
});
