import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "mock",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Tests of the built package run in the `mock:package` project (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, "test/modules/**", "**/*.dist.test.ts"],
    // The self-check: every response the mock produces in a test is checked against
    // openapi/petstore.yaml; a test whose responses break the document fails.
    setupFiles: ["./test/setup.ts"],
    // Compile-time tests (`*.test-d.ts`: expectTypeOf, @ts-expect-error) run under tsc, so a type
    // regression fails `vitest run`.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.test-d.json" },
  },
});
