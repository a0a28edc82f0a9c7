import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sdk",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Every mock response the SDK tests provoke is checked against openapi/petstore.yaml.
    setupFiles: ["../conformance/src/self-check-setup.ts"],
    // Compile-time tests (`*.test-d.ts`: expectTypeOf, @ts-expect-error) run under tsc, so a type
    // regression fails `vitest run`.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.test-d.json" },
  },
});
