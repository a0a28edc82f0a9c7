import { fileURLToPath } from "node:url";
import { configDefaults, defineProject } from "vitest/config";

const mockSource = (file: string) => fileURLToPath(new URL(`../mock/src/${file}`, import.meta.url));

export default defineProject({
  // The SDK's tests run against the mock's source, so they need no build (tsconfig.json's `paths` agree).
  resolve: {
    alias: [
      { find: /^@petstore\/mock$/, replacement: mockSource("index.ts") },
      { find: /^@petstore\/mock\/node$/, replacement: mockSource("node.ts") },
    ],
  },
  test: {
    name: "sdk",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Tests of the built package run in the `sdk:package` project (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, "test/modules/**", "**/*.dist.test.ts"],
    // Every mock response the SDK tests provoke is checked against openapi/petstore.yaml.
    // Its checker is compiled once per run, not once per test file.
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    setupFiles: ["./test/setup.ts"],
    // Compile-time tests (`*.test-d.ts`: expectTypeOf, @ts-expect-error) run under tsc, so a type
    // regression fails `vitest run`.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.test-d.json" },
  },
});
