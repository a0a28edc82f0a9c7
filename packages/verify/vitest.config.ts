import { defineProject } from "vitest/config";

// The in-process tier: the model, the reports and the flags, against in-memory backends.
export default defineProject({
  test: {
    name: "verify",
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.process.test.ts", "node_modules/**"],
  },
});
