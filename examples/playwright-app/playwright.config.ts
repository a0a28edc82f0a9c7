// Playwright Test over the browser app (../browser-app, built by ./vite.config.ts) against petstore-mock:
// Debian's Chromium (no browser download), two workers, one mock for the run and a session of it per test
// (test/global-setup.ts, test/fixtures.ts).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { CHROMIUM_ARGS, chromiumPath } from "@petstore/testing/chromium";
import { defineConfig } from "@playwright/test";

// Vite's CLI, run with this Node: the command works whether or not node_modules/.bin is on the PATH.
const require = createRequire(import.meta.url);
const vite = `"${process.execPath}" "${join(dirname(require.resolve("vite/package.json")), "bin/vite.js")}"`;

export default defineConfig({
  testDir: "test",
  // One petstore-mock for the run, before the workers start; its teardown stops it (test/global-setup.ts).
  globalSetup: "./test/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: "dot",
  outputDir: "test-results",
  timeout: 20_000,
  use: {
    browserName: "chromium",
    // Set by the web server below, once it has printed its URL (Playwright starts it before the workers).
    baseURL: process.env.PETSTORE_APP_URL,
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // The app, built once and served on 127.0.0.1 and a free port (vite.config.ts: `preview.port: 0`);
  // Playwright reads the URL from Vite's output and stops the server with SIGTERM at the end.
  webServer: {
    command: `${vite} build --logLevel warn && ${vite} preview`,
    wait: { stdout: /Local:\s+(?<petstore_app_url>http:\/\/127\.0\.0\.1:\d+)/ },
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    timeout: 60_000,
  },
});
