import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sdk",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Every mock response the SDK tests provoke is checked against openapi/petstore.yaml.
    setupFiles: ["../conformance/src/self-check-setup.ts"],
  },
});
