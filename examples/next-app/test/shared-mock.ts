// What ./global-setup.ts (the run's mock and app) and ./fixtures.ts (a session of the mock per test) share.
import { createHash } from "node:crypto";
import type { TestInfo } from "@playwright/test";

/** The key the mock accepts by default, and the app sends by default. */
export const API_KEY = "petstore-demo-key";
/** Where the run's mock listens (`http://127.0.0.1:PORT`), set by the global setup for the workers. */
export const MOCK_URL_ENV = "PETSTORE_MOCK_URL";
/** The file the run's mock writes its `--log` to. */
export const MOCK_LOG_ENV = "PETSTORE_MOCK_LOG";
/** Where `next start` listens. */
export const APP_URL_ENV = "PETSTORE_APP_URL";
/** A word of this run, in every session name: Next.js keeps its data cache in .next/ between runs. */
export const RUN_ENV = "PETSTORE_TEST_RUN";

/**
 * A session name of its own for this test in this run: the run's word and a hash of the test's id, retry and
 * repeat index, within the header's rule (1 to 64 of letters, digits, `.`, `_`, `-`).
 */
export function sessionNameFor(testInfo: Pick<TestInfo, "testId" | "retry" | "repeatEachIndex">): string {
  const id = createHash("sha256")
    .update(`${testInfo.testId}-r${testInfo.retry}-e${testInfo.repeatEachIndex}`)
    .digest("hex")
    .slice(0, 24);
  return `next-${fromGlobalSetup(RUN_ENV)}-${id}`;
}

/** An environment variable the global setup sets; missing, the tests were started without it. */
export function fromGlobalSetup(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the tests with this folder's playwright.config.ts (its globalSetup starts the mock and the app)`,
    );
  }
  return value;
}
