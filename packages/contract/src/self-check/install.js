// @ts-check
// The vitest side of the self-check: every response a mock in the test process produces is checked
// against the document, and the test that produced a violation fails with the operation, the
// status and the document rule that broke.
import { afterAll, afterEach, inject } from "vitest";
import { loadCompiledValidators } from "../checker/compiled.js";
import { checkExchange } from "../checker/exchange.js";
import { VALIDATORS_KEY } from "./global-setup.js";
import { assertNoViolations, recordViolations, setOnChecked } from "./violations.js";

/**
 * What the mock's response observer reports (`ObservedExchange` of `@petstore/mock`).
 * @typedef {object} ObservedExchange
 * @property {{ method: string, path: string, query: URLSearchParams, baseUrl: string }} request
 * @property {{ status: number, headers: Record<string, string>, body?: unknown, operationId?: string }} response
 */

/**
 * `observeResponses` of the mock under test: registers an observer, returns an unsubscribe.
 * @typedef {(observer: (exchange: ObservedExchange) => void) => () => void} ObserveResponses
 */

/**
 * Call from a vitest set-up file with the `observeResponses` of the mock the tests import (its
 * source in the mock's own tests, `@petstore/mock` elsewhere): each test fails if a response broke
 * the document, and the file fails if a `beforeAll`/`afterAll` hook's did.
 * @example
 * // test/setup.ts, listed in the project's `setupFiles`
 * import { observeResponses } from "@petstore/mock";
 * import { installSelfCheck } from "@petstore/contract/self-check";
 * installSelfCheck(observeResponses);
 * // and, so the checker is compiled once per run rather than per test file, in the project's config:
 * // globalSetup: ["@petstore/contract/self-check/global-setup"]
 * @param {ObserveResponses} observeResponses
 * @param {{ onChecked?: import("./violations.js").OnChecked }} [options] `onChecked` hears of every checked response
 */
export function installSelfCheck(observeResponses, options = {}) {
  setOnChecked(options.onChecked);
  // Compiled once per run by the global set-up (global-setup.js), when the project has it.
  const compiled = /** @type {(key: string) => string | undefined} */ (inject)(VALIDATORS_KEY);
  if (compiled) {
    loadCompiledValidators(compiled);
  }
  const stop = observeResponses(({ request, response }) => {
    const headers = new Map(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const found = checkExchange({
      method: request.method,
      path: request.path,
      query: request.query,
      baseUrl: request.baseUrl,
      status: response.status,
      header: (name) => headers.get(name.toLowerCase()) ?? null,
      body: response.body,
      operationId: response.operationId ?? null,
    });
    recordViolations(response.operationId, response.status, found);
  });
  afterEach(() => assertNoViolations("during this test"));
  afterAll(async () => {
    stop();
    await assertNoViolations("in a beforeAll/afterAll hook,");
  });
}
