// The self-check: every response a mock in this process produces is checked against the document,
// and the test that produced a violation fails (see self-check-setup.ts).
import type { ObservedExchange } from "@petstore/mock";
import { countChecked } from "./stats.js";
import { checkExchange, checkFetchExchange, formatViolation, type Violation } from "./validator.js";

interface SelfCheckState {
  violations: string[];
  pending: Set<Promise<unknown>>;
}

const KEY = Symbol.for("@petstore/conformance/self-check");
type GlobalWithState = typeof globalThis & { [KEY]?: SelfCheckState };

function state(): SelfCheckState {
  const global = globalThis as GlobalWithState;
  global[KEY] ??= { violations: [], pending: new Set() };
  return global[KEY];
}

/** Checks what the mock's response observer reports (`observeResponses` from `@petstore/mock`). */
export function checkObserved({ request, response }: ObservedExchange): Violation[] {
  const headers = new Map(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return checkExchange({
    method: request.method,
    path: request.path,
    query: request.query,
    baseUrl: request.baseUrl,
    status: response.status,
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    body: response.body,
    operationId: response.operationId ?? null,
  });
}

/** Adds violations to the list the current test is judged on; returns them as text. */
export function recordViolations(operationId: string | undefined, status: number, violations: Violation[]): string[] {
  countChecked(operationId, status, violations.length);
  const lines = violations.map(formatViolation);
  state().violations.push(...lines);
  return lines;
}

/** The observer that the set-up file registers. */
export function selfCheckObserver(exchange: ObservedExchange): void {
  recordViolations(exchange.response.operationId, exchange.response.status, checkObserved(exchange));
}

/** Waits for asynchronous checks (MSW responses are read as streams), then returns and clears the violations. */
export async function takeViolations(): Promise<string[]> {
  const { pending } = state();
  while (pending.size) {
    await Promise.allSettled([...pending]);
  }
  return state().violations.splice(0);
}

/** Fails with every violation recorded since the last call: the operation, status and the rule that broke. */
export async function assertNoViolations(when: string): Promise<void> {
  const found = await takeViolations();
  if (found.length) {
    throw new Error(
      `self-check: ${when} the mock sent ${found.length} response(s) that openapi/petstore.yaml does not allow:\n  ${found.join("\n  ")}`,
    );
  }
}

interface MswLikeServer {
  events: {
    on(event: "response:mocked", listener: (args: { request: Request; response: Response }) => void): unknown;
  };
}

/**
 * Also checks responses that never pass through the mock's pipeline: `server.use(...)` overrides
 * (such as `createPetstoreOverrides`) of an msw `setupServer`. Call once after creating the server.
 * @example
 * const server = setupPetstoreServer({ baseUrl });
 * watchMswServer(server, baseUrl);
 */
export function watchMswServer(server: MswLikeServer, baseUrl: string): void {
  const base = baseUrl.replace(/\/+$/, "");
  server.events.on("response:mocked", ({ request, response }) => {
    if (!request.url.startsWith(`${base}/`) && request.url !== base) {
      return;
    }
    const check = checkFetchExchange(request, response, base)
      .then((violations) => recordViolations(undefined, response.status, violations))
      .catch((error: Error) =>
        state().violations.push(`self-check could not read a mocked response: ${error.message}`),
      );
    state().pending.add(check);
    check.finally(() => state().pending.delete(check));
  });
}
