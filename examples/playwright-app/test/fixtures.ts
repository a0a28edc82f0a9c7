// The fixtures of these tests: a fresh `petstore-mock` per test (its own process, port and demo data), a
// typed client on it for checks, and the page pointed at it. Tests import `test` and `expect` from here.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createPetstoreClient, type PetstoreClient } from "@petstore/sdk";
import { test as base, expect } from "@playwright/test";
import { SelfCheck } from "./self-check.js";

export { expect };

declare global {
  // The API base URL the app reads at start (see ../vite.config.ts); unset, the app uses its Service Worker.
  var __PETSTORE_BASE_URL__: string | undefined;
}

/** The `petstore-mock` bin of @petstore/mock, found by package name like any dependency's. */
const require = createRequire(import.meta.url);
const mockPackage = require.resolve("@petstore/mock/package.json");
const MOCK_BIN = join(dirname(mockPackage), require(mockPackage).bin["petstore-mock"]);
/** The key the mock accepts by default, and the app sends by default. */
export const API_KEY = "petstore-demo-key";
const READY = /listening on (http:\/\/\S+)/;
const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ \d{3} /;

export interface PetstoreMock {
  /** Where this test's mock listens: `http://127.0.0.1:PORT`. */
  url: string;
  /** A typed client on it, to set up or check state without the UI. */
  client: PetstoreClient;
  /** The requests it has answered so far (`--log`): `METHOD PATH STATUS OPERATION TIME`. */
  requests(): string[];
}

interface RunningMock {
  url: string;
  output(): string;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The children still running, killed if the worker exits without its fixtures' teardown. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) {
    child.kill("SIGKILL");
  }
});

/** Starts `petstore-mock` on 127.0.0.1 and a free port, with its request log, and resolves once it prints its URL. */
async function startMock(): Promise<RunningMock> {
  const child = spawn(process.execPath, [MOCK_BIN, "--host", "127.0.0.1", "--port", "0", "--log"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("close", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`petstore-mock ${why}\n${output}`));
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail("printed no URL within 10 s");
    }, 10_000);
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        output += chunk;
        const ready = READY.exec(output);
        if (ready?.[1]) {
          clearTimeout(timer);
          resolve(ready[1]);
        }
      });
    }
    child.once("error", (error) => fail(`could not start: ${error.message}`));
    void exited.then(({ code, signal }) => fail(`ended (${signal ?? `exit code ${code}`}) before listening`));
  });
  return {
    url,
    output: () => output,
    stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
      }
      return exited;
    },
  };
}

/** Hands out mocks: each `take()` gets one that has just started, and starts the next one. */
interface MockPool {
  take(): Promise<RunningMock>;
}

export const test = base.extend<{ mock: PetstoreMock; selfCheck: SelfCheck }, { mockPool: MockPool }>({
  // One per worker, set up first (auto) so that its first mock starts while the browser launches. It keeps
  // the next test's mock started ahead, so no test waits for a process to start (about 0.3 s, more under load).
  mockPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const start = () => {
        const starting = startMock();
        starting.catch(() => {}); // a failed start is reported by the take() that gets it
        return starting;
      };
      let next = start();
      await use({
        take() {
          const taken = next;
          next = start();
          return taken;
        },
      });
      await (await next.catch(() => undefined))?.stop();
    },
    { scope: "worker", auto: true },
  ],

  // One mock per test, as Playwright gives each test its own browser context: a fresh process with the
  // seeded demo data on a port of its own (the CLI has no reset), stopped with SIGTERM when the test ends.
  mock: async ({ mockPool, selfCheck }, use, testInfo) => {
    const running = await mockPool.take();
    await use({
      url: running.url,
      client: createPetstoreClient({ baseUrl: running.url, apiKey: API_KEY, fetch: selfCheck.fetchFor(running.url) }),
      requests: () =>
        running
          .output()
          .split("\n")
          .filter((line) => REQUEST_LINE.test(line)),
    });
    const exit = await running.stop();
    if (testInfo.status !== testInfo.expectedStatus || exit.code !== 0) {
      // As a file under test-results/: a reporter prints its path, where it would cut a long text short.
      const log = testInfo.outputPath("petstore-mock.log");
      await writeFile(log, running.output());
      await testInfo.attach("petstore-mock output", { path: log, contentType: "text/plain" });
    }
    expect(exit, "petstore-mock stops cleanly on SIGTERM").toEqual({ code: 0, signal: null });
  },

  // The page, pointed at this test's mock before any of the app's scripts run; an uncaught error or a
  // console error in the page fails the test.
  page: async ({ page, mock, selfCheck }, use) => {
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
