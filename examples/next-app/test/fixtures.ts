// The fixtures of these tests: a session of its own per test on the run's one `petstore-mock`, the page's cookie
// naming it (the app's server reads the cookie and sends the session's header on every API call), a typed client
// on the session for set-up and checks, and the mock's log lines of this session. Tests import `test` and
// `expect` from here.
import { stat } from "node:fs/promises";
import { createPetstoreControl, type PetstoreControl, type PetstoreControlSession } from "@petstore/mock";
import { createPetstoreClient, type PetstoreClient } from "@petstore/sdk";
import { readLogFrom } from "@petstore/testing/log-file";
import { test as base, expect } from "@playwright/test";
import { API_KEY, APP_URL_ENV, fromGlobalSetup, MOCK_LOG_ENV, MOCK_URL_ENV, sessionNameFor } from "./shared-mock.js";

export { expect };

/** The app's cookie that names the session (lib/petstore.ts). */
const SESSION_COOKIE = "petstore-session";

export interface PetstoreMock {
  /** This test's session: its name and `headers`, `reset`, `state`, `restore`. */
  session: PetstoreControlSession;
  /** A typed client on this test's session, to set up or check state without the UI. */
  client: PetstoreClient;
  /** The requests the mock answered in this test's session since `from` (default: the test's start): `METHOD PATH STATUS OPERATION`. */
  requests(from?: number): Promise<string[]>;
  /** Where the log is now, for `requests(from)`. */
  mark(): Promise<number>;
}

export const test = base.extend<{ mock: PetstoreMock }, { control: PetstoreControl }>({
  control: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => use(createPetstoreControl(fromGlobalSetup(MOCK_URL_ENV), { apiKey: API_KEY })),
    { scope: "worker" },
  ],

  mock: async ({ control, context }, use, testInfo) => {
    const url = fromGlobalSetup(MOCK_URL_ENV);
    const logPath = fromGlobalSetup(MOCK_LOG_ENV);
    const mark = async () => (await stat(logPath)).size;
    const start = await mark();
    const session = control.session(sessionNameFor(testInfo));
    await session.reset();
    await context.addCookies([{ name: SESSION_COOKIE, value: session.name, url: fromGlobalSetup(APP_URL_ENV) }]);
    const suffix = ` session=${session.name}`;
    await use({
      session,
      client: createPetstoreClient({ baseUrl: url, apiKey: API_KEY, headers: session.headers, onDeprecation: false }),
      mark,
      requests: async (from = start) =>
        (await readLogFrom(logPath, from))
          .split("\n")
          .filter((line) => line.endsWith(suffix))
          .map((line) => line.split(" ").slice(0, 4).join(" ")),
    });
    await session.delete();
  },
});
