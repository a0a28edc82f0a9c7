// Playwright Test over `next build && next start` (the package's `test` script builds first) against one
// `petstore-mock`: Debian's Chromium (no browser download), two workers, the mock and the app started once for
// the run by test/global-setup.ts, a session of the mock per test (test/fixtures.ts).
import { CHROMIUM_ARGS, chromiumPath } from "@petstore/testing/chromium";
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "test",
  globalSetup: "./test/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: "dot",
  outputDir: "test-results",
  timeout: 30_000,
  use: {
    browserName: "chromium",
    // Set by the global setup once `next start` has printed its URL; the workers read this file again after it.
    baseURL: process.env.PETSTORE_APP_URL,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
