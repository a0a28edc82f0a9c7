import { configDefaults, defineProject } from "vitest/config";

// The mock's tests in tiers, by file name (README "Tests"):
// - `mock` (this file): in-process only, no child process and no socket: `*.test.ts`, with the
//   behaviour suites of `describeEachAdapter` through the in-memory fetch and MSW (the `unit`
//   adapters of test/support/adapters.ts), and the type tests.
// - `mock:process` (vitest.process.config.ts): `*.process.test.ts`, tests that start the CLI or open
//   a socket, and the `describeEachAdapter` suites again through the node:http server.
// - `mock:browser` (vitest.browser.config.ts): `*.browser.test.ts`, in Chromium.
// - `mock:package` (vitest.package.config.ts): the built package.
export const tierExcludes = ["test/modules/**", "**/*.dist.test.ts", "**/*.process.test.ts", "**/*.browser.test.ts"];

export default defineProject({
  test: {
    name: "mock",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...tierExcludes],
    env: { PETSTORE_MOCK_TEST_TIER: "unit" },
    // In-process tests share one module graph (vitest `isolate: false`): the mock's source, msw and the
    // self-check are imported once per worker, not once per file. Each file still starts its own
    // stores and servers and closes them (afterAll); the files also pass in random order (--sequence.shuffle).
    isolate: false,
    // The self-check: every response the mock produces in a test is checked against
    // openapi/petstore.yaml; a test whose responses break the document fails. Its checker is
    // compiled once per run (globalSetup), not once per test file.
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    setupFiles: ["./test/setup.ts"],
    // Compile-time tests (`*.test-d.ts`: expectTypeOf, @ts-expect-error) run under tsc, so a type
    // regression fails `vitest run`.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.test-d.json" },
  },
});
