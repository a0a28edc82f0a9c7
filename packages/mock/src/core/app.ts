import { withCopiedBody } from "./copied-body.js";
import { contract } from "./generated/contract.js";
import { shorten } from "./generated/describe-validation-error.js";
import { authenticate } from "./http/auth.js";
import { parseBody } from "./http/body.js";
import { bodyMatters, type RequestHead } from "./http/body-gate.js";
import { withConstantHeaders } from "./http/constant-headers.js";
import { MockApiError, unexpected } from "./http/errors.js";
import { parsePathParameters, parseQueryParameters, validateHeaders } from "./http/parameters.js";
import { parsePrefer, simulatedError } from "./http/prefer.js";
import { matchRoute } from "./http/router.js";
import type { MockRequest, MockResponse } from "./http/types.js";
import { createExchangeLog, type ExchangeObserver } from "./inspect/exchanges.js";
import { createScenarios, type PetstoreScenarios, scenarioError } from "./inspect/scenarios.js";
import { checkStartOptions, type PetstoreMockOptions } from "./mock-options.js";
import { responseObservers } from "./observe.js";
import { operationHandlers } from "./operations/index.js";
import { createPetstoreSessions } from "./sessions/registry.js";
import type { SessionLimitNames } from "./sessions/session-limits.js";
import { DEFAULT_SESSION } from "./sessions/session-name.js";
import type { PetstoreSessions } from "./sessions/types.js";
import { sleep } from "./sleep.js";
import { startData } from "./start-from.js";
import type { PetstoreStore } from "./store/store.js";

/** The key accepted when no `apiKeys` are given: the document's `x-demo-key`. */
export const DEMO_API_KEY = contract.demoApiKey;

/** The header that picks a session's store, as `MockRequest.header` looks it up. */
const SESSION_HEADER = contract.sessionHeader.name.toLowerCase();

/** What the 507s of the sessions the app creates call their limits: the option that sets them. */
export const APP_LIMIT_NAMES: SessionLimitNames = {
  maxSessions: "the sessionLimits.maxSessions option",
  maxRecords: "the sessionLimits.maxRecords option",
};

export interface PetstoreApp {
  /** The default session's store. */
  readonly store: PetstoreStore;
  /** Every session's store, by the `X-Petstore-Session` name. */
  readonly sessions: PetstoreSessions;
  /** Resolves once the default demo data is in the store. */
  readonly ready: Promise<void>;
  handle(request: MockRequest): Promise<MockResponse>;
  /** Outcomes chosen for operations (a documented error instead of running) and a delay for every answer. */
  readonly scenarios: PetstoreScenarios;
  /** Calls `observer` after every answer of this app, with the request, session and response. Returns an unsubscribe. */
  observe(observer: ExchangeObserver): () => void;
  /**
   * Whether the answer can depend on the request's body (the route is an operation and the key is
   * accepted); when it cannot, a server hands `handle` no body instead of reading it.
   */
  bodyMatters(head: RequestHead): boolean;
}

/**
 * The framework-neutral mock: one function from a parsed request to a response, which every
 * adapter (MSW, in-memory fetch, node:http) calls. Checks run in the documented order.
 */
export function createPetstoreApp(options: PetstoreMockOptions = {}): PetstoreApp {
  checkStartOptions(options);
  const sessions =
    options.sessions ??
    createPetstoreSessions({ store: options.store, limits: options.sessionLimits, limitNames: APP_LIMIT_NAMES });
  const store = sessions.defaultStore;
  const ready = startData(options, sessions);
  const apiKeys = new Set(options.apiKeys ?? [DEMO_API_KEY]);
  if (apiKeys.size === 0) {
    throw new TypeError(`apiKeys must name at least one key; leave it out to accept ${DEMO_API_KEY}`);
  }
  const now = options.now ?? (() => new Date());
  const scenarios = createScenarios();
  const exchangeLog = createExchangeLog(SESSION_HEADER, DEFAULT_SESSION);

  async function handle(request: MockRequest): Promise<MockResponse> {
    const route = matchRoute(request.method, request.path);
    if (!route.operation) {
      if (route.allowedMethods.length) {
        const allow = route.allowedMethods.join(", ");
        const message = `${shorten(request.path)} does not accept ${shorten(request.method)}; it accepts ${allow}`;
        return new MockApiError(405, "METHOD_NOT_ALLOWED", message, { Allow: allow }).toResponse();
      }
      return new MockApiError(
        404,
        "ROUTE_NOT_FOUND",
        `${shorten(request.method)} ${shorten(request.path)} is not an operation of this API`,
      ).toResponse();
    }
    const operation = route.operation;
    let delayMs = 0;
    try {
      authenticate(request.header("authorization"), apiKeys);
      validateHeaders(operation, (name) => request.header(name));
      const preferences = parsePrefer(request.header("prefer"), operation);
      delayMs = preferences.delayMs ?? scenarios.delayMs;
      if (preferences.code !== undefined) {
        throw simulatedError(preferences.code, operation);
      }
      const scenario = scenarios.take(operation.operationId);
      if (scenario) {
        throw scenarioError(scenario, operation);
      }
      const path = parsePathParameters(operation, route.pathParams);
      const query = parseQueryParameters(operation, request.query);
      const body = parseBody(operation, request);
      await ready;
      // Requests without the header pay for nothing more than looking it up.
      const sessionName = request.header(SESSION_HEADER);
      const sessionStore = sessionName === null ? store : await sessions.open(sessionName);
      const handler = operationHandlers[operation.operationId] as (
        context: unknown,
      ) => ReturnType<(typeof operationHandlers)["getPet"]>;
      const context = {
        store: sessionStore,
        path,
        query,
        body,
        rawQuery: request.query,
        requestPath: request.path,
        baseUrl: request.baseUrl,
        now,
      };
      // One operation at a time, so a check and the write that depends on it cannot interleave; the
      // answer is copied before the next operation runs, as later ones change records in place.
      const result = await sessionStore.exclusive(() => {
        const answer = handler(context);
        return answer instanceof Promise ? answer.then(withCopiedBody) : withCopiedBody(answer);
      });
      if (operation.method !== "GET" && result.status < 300) {
        sessions.notifyChange(sessionName ?? DEFAULT_SESSION);
      }
      if (delayMs) {
        await sleep(delayMs, request.signal);
      }
      return withConstantHeaders(
        {
          status: result.status,
          headers: { ...result.headers },
          body: result.body,
          operationId: operation.operationId,
        },
        operation.successHeaders,
      );
    } catch (error) {
      if (delayMs) {
        await sleep(delayMs, request.signal);
      }
      const apiError = unexpected(error);
      return withConstantHeaders(apiError.toResponse(operation.operationId), operation.successHeaders);
    }
  }

  async function handleAndNotify(request: MockRequest): Promise<MockResponse> {
    const startedAt = Date.now();
    const response = await handle(request);
    exchangeLog.record(request, response, startedAt);
    const observers = responseObservers();
    if (observers?.size) {
      for (const observer of observers) {
        observer({ request, response });
      }
    }
    return response;
  }

  return {
    store,
    sessions,
    ready,
    handle: handleAndNotify,
    scenarios,
    observe: exchangeLog.observe,
    bodyMatters: (head) => bodyMatters(matchRoute, apiKeys, head),
  };
}

export { contract, type PetstoreMockOptions };
