import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  // The tests run against the workspace packages' source (the `@petstore/source` condition of their
  // `exports`, which tsconfig.base.json's `customConditions` names too), so they need no build.
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@petstore/source", ...defaultServerConditions] } },
  test: {
    name: "sdk",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Tests of the built package run in the `sdk:package` project (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, "test/modules/**", "**/*.dist.test.ts"],
    // Every mock response the SDK tests provoke is checked against openapi/petstore.yaml.
    // Its checker is compiled once per run, not once per test file.
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    // One module graph per worker (`isolate: false`), as in the mock: the SDK, the mock and the self-check are
    // imported once per worker, not once per file; each file starts and closes its own mocks.
    isolate: false,
    setupFiles: ["./test/setup.ts"],
    // Compile-time tests (`*.test-d.ts`: expectTypeOf, @ts-expect-error) run under tsc, so a type
    // regression fails `vitest run`.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.test-d.json" },
  },
});
