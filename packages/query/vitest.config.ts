import { fileURLToPath } from "node:url";
import { configDefaults, defineProject } from "vitest/config";

const source = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));

export default defineProject({
  // The tests run against the SDK's and the mock's source, so they need no build (tsconfig.json's `paths` agree).
  resolve: {
    alias: [
      { find: /^@petstore\/mock$/, replacement: source("mock/src/index.ts") },
      { find: /^@petstore\/sdk$/, replacement: source("sdk/src/index.ts") },
    ],
  },
  test: {
    name: "query",
    include: ["test/**/*.test.ts"],
    // Tests of the built package run in the `query:package` project (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, "test/modules/**"],
    // Every mock response these tests provoke is checked against openapi/petstore.yaml.
    // Its checker is compiled once per run, not once per test file.
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    setupFiles: ["./test/setup.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.test-d.json" },
  },
});
