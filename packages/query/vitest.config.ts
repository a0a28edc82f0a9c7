import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  // The tests run against the workspace packages' source (the `@petstore/source` condition of their
  // `exports`, which tsconfig.base.json's `customConditions` names too), so they need no build.
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@petstore/source", ...defaultServerConditions] } },
  test: {
    name: "query",
    // One module graph per worker, not one per file (see packages/mock/vitest.config.ts).
    isolate: false,
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
