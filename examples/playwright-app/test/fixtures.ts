// The fixtures of these tests: a session of its own per test on the run's one `petstore-mock` (started by
// ./global-setup.ts), a typed client on that session for checks, and the page pointed at the mock with the
// session's header on its requests. Tests import `test` and `expect` from here.
import { stat, writeFile } from "node:fs/promises";
import { createPetstoreControl, type PetstoreControl, type PetstoreControlSession } from "@petstore/mock";
import { createPetstoreClient, type PetstoreClient } from "@petstore/sdk";
import { readLogFrom } from "@petstore/testing/log-file";
import { test as base, expect } from "@playwright/test";
import { SelfCheck } from "./self-check.js";
import { API_KEY, fromGlobalSetup, MOCK_LOG_ENV, MOCK_URL_ENV, sessionNameFor } from "./shared-mock.js";

export { API_KEY, expect };

declare global {
  // The API base URL the app reads at start (see ../vite.config.ts); unset, the app uses its Service Worker.
  var __PETSTORE_BASE_URL__: string | undefined;
}

const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ \d{3} /;

export interface PetstoreMock {
  /** Where the run's mock listens: `http://127.0.0.1:PORT`. */
  url: string;
  /** This test's session: its name, its `headers` for the API's requests, and `reset`, `state`, `restore`. */
  session: PetstoreControlSession;
  /** The mock's control API, to open more sessions (deleted again by the test). */
  control: PetstoreControl;
  /** A typed client on this test's session, to set up or check state without the UI. */
  client: PetstoreClient;
  /** A typed client on another session (`clientOf(control.session(name))`), checked like `client`. */
  clientOf(session: PetstoreControlSession): PetstoreClient;
  /**
   * The requests of this test's session the mock has answered since the test started (`--log`:
   * `METHOD PATH STATUS OPERATION TIME session=NAME`), not those of a test running beside it.
   */
  requests(): Promise<string[]>;
}

export const test = base.extend<{ mock: PetstoreMock; selfCheck: SelfCheck }, { control: PetstoreControl }>({
  // The control API of the run's mock, one client per worker.
  control: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => use(createPetstoreControl(fromGlobalSetup(MOCK_URL_ENV), { apiKey: API_KEY })),
    { scope: "worker" },
  ],

  // One session per test, as Playwright gives each test its own browser context: the mock's start data (the
  // seeded demo data) under a name no other test uses, deleted when the test ends, so sessions do not pile up.
  mock: async ({ control, selfCheck }, use, testInfo) => {
    const url = fromGlobalSetup(MOCK_URL_ENV);
    const logPath = fromGlobalSetup(MOCK_LOG_ENV);
    const logStart = (await stat(logPath)).size;
    const session = control.session(sessionNameFor(testInfo));
    const others: PetstoreControlSession[] = [];
    // Playwright's UI and watch modes keep the global setup's mock between runs of a test, whose name then
    // recurs: the reset makes sure the test starts from the start data whatever an interrupted run left.
    await session.reset();
    const clientOf = (of: PetstoreControlSession) =>
      createPetstoreClient({ baseUrl: url, apiKey: API_KEY, headers: of.headers, fetch: selfCheck.fetchFor(url) });
    await use({
      url,
      session,
      control: {
        sessions: () => control.sessions(),
        session: (name) => {
          const other = control.session(name);
          others.push(other);
          return other;
        },
      },
      client: clientOf(session),
      clientOf,
      requests: async () =>
        (await readLogFrom(logPath, logStart))
          .split("\n")
          .filter((line) => REQUEST_LINE.test(line) && line.endsWith(` session=${session.name}`)),
    });
    for (const ended of [session, ...others]) {
      await ended.delete().catch((error: { code?: string }) => {
        // A test may have deleted a session itself.
        if (error.code !== "NOT_FOUND") {
          throw error;
        }
      });
    }
    if (testInfo.status !== testInfo.expectedStatus) {
      // As a file under test-results/: a reporter prints its path, where it would cut a long text short.
      const log = testInfo.outputPath("petstore-mock.log");
      const header = `# the shared petstore-mock's log while this test ran (its session: ${session.name}; the lines ending in another session= are the other worker's test's)\n`;
      await writeFile(log, header + (await readLogFrom(logPath, logStart)));
      await testInfo.attach("petstore-mock output", { path: log, contentType: "text/plain" });
    }
  },

  // The page, pointed at the mock before any of the app's scripts run, and every request of its context
  // carrying this test's session, which the app knows nothing about: the browser asks the mock's CORS
  // preflight for it as for the app's own headers. An uncaught error or a console error in the page fails the test.
  page: async ({ page, mock, selfCheck }, use) => {
    await page.context().setExtraHTTPHeaders(mock.session.headers);
    await page.addInitScript((url) => {
      globalThis.__PETSTORE_BASE_URL__ = url;
    }, mock.url);
    selfCheck.watch(page, mock.url);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    page.on("console", (message) => {
      // Chromium logs every 4xx/5xx answer as "Failed to load resource"; the outage test asks for some.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(message.text());
      }
    });
    await use(page);
    await selfCheck.violations(); // the page's responses are read while it is still open
    expect(problems, "errors in the page").toEqual([]);
  },

  // This workspace's check of every response against the document (./self-check.ts); not needed in your app.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  selfCheck: async ({}, use) => {
    const selfCheck = new SelfCheck();
    await use(selfCheck);
    expect(await selfCheck.violations(), "responses that openapi/petstore.yaml does not allow").toEqual([]);
  },
});
