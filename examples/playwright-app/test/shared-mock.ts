// What ./global-setup.ts (which starts the run's one mock) and ./fixtures.ts (a session of it per test) share.
import { createHash } from "node:crypto";
import type { TestInfo } from "@playwright/test";

/** The key the mock accepts by default, and the app sends by default. */
export const API_KEY = "petstore-demo-key";
/** Where the run's mock listens (`http://127.0.0.1:PORT`), set by the global setup for the workers. */
export const MOCK_URL_ENV = "PETSTORE_MOCK_URL";
/** The file the run's mock writes its `--log` to. */
export const MOCK_LOG_ENV = "PETSTORE_MOCK_LOG";

// The `X-Petstore-Session` header's rule (openapi/petstore.yaml): 1 to 64 of these characters.
const SESSION_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A session name of its own for this run of this test: its id, plus its retry and repeat index, which
 * share the id. Playwright's ids are hex and `-` (`4b9f…-d1e2…`); a longer or stranger one is hashed.
 */
export function sessionNameFor(testInfo: Pick<TestInfo, "testId" | "retry" | "repeatEachIndex">): string {
  const name = `pw-${testInfo.testId}-r${testInfo.retry}-e${testInfo.repeatEachIndex}`;
  return SESSION_NAME.test(name) ? name : `pw-${createHash("sha256").update(name).digest("hex").slice(0, 40)}`;
}

/** An environment variable the global setup sets; missing, the tests were started without it. */
export function fromGlobalSetup(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the tests with this folder's playwright.config.ts (its globalSetup starts the mock)`,
    );
  }
  return value;
}
