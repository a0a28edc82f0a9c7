import { configDefaults, defineProject } from "vitest/config";

// The browser tier of the mock's tests (README "Tests"): `*.browser.test.ts` bundle the mock's source
// and drive it in Chromium (Debian's, as in .ci/run), so their time-outs fit a browser's start.
export default defineProject({
  test: {
    name: "mock:browser",
    include: ["test/**/*.browser.test.ts"],
    exclude: [...configDefaults.exclude, "test/modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    setupFiles: ["./test/setup.ts"],
  },
});
