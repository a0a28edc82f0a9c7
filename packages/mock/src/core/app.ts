import { answerOperation, type OperationContext, routeRefusal } from "./answer-operation.js";
import { contract } from "./generated/contract.js";
import { bodyMatters, type RequestHead } from "./http/body-gate.js";
import { matchRoute } from "./http/router.js";
import type { MockRequest, MockResponse } from "./http/types.js";
import { createExchangeLog, type ExchangeObserver } from "./inspect/exchanges.js";
import { createScenarios, type PetstoreScenarios } from "./inspect/scenarios.js";
import { createSessionOutcomes, type SessionOutcomes } from "./inspect/session-outcomes.js";
import { checkStartOptions, type PetstoreMockOptions } from "./mock-options.js";
import { responseObservers } from "./observe.js";
import { createPetstoreSessions } from "./sessions/registry.js";
import type { SessionLimitNames } from "./sessions/session-limits.js";
import type { PetstoreSessions } from "./sessions/types.js";
import { startData } from "./start-from.js";
import type { PetstoreStore } from "./store/store.js";

/** The key accepted when no `apiKeys` are given: the document's `x-demo-key`. */
export const DEMO_API_KEY = contract.demoApiKey;

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
  /** Each session's own outcomes and latency, chosen over the control API (`…/sessions/{name}/outcomes`). */
  readonly sessionOutcomes: SessionOutcomes;
  /**
   * Calls `observer` with the record of every exchange of this app (`PetstoreExchange`: the request, its session,
   * the response, the time taken), as `observeResponses` does for every app. Returns an unsubscribe.
   */
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
  const apiKeys = new Set(options.apiKeys ?? [DEMO_API_KEY]);
  if (apiKeys.size === 0) {
    throw new TypeError(`apiKeys must name at least one key; leave it out to accept ${DEMO_API_KEY}`);
  }
  const ready = startData(options, sessions);
  let started = false;
  ready.then(
    () => {
      started = true;
    },
    () => undefined,
  );
  const context: OperationContext = {
    sessions,
    ready,
    isReady: () => started,
    apiKeys,
    scenarios: createScenarios(),
    sessionOutcomes: createSessionOutcomes(),
    now: options.now ?? (() => new Date()),
  };
  // The app's observers, and observeResponses' (every app's), hear one record of each exchange.
  const exchanges = createExchangeLog(responseObservers());
  const answer = (request: MockRequest): MockResponse | Promise<MockResponse> => {
    const started = performance.now();
    const route = matchRoute(request.method, request.path);
    const response = route.operation
      ? answerOperation(context, route.operation, route.pathParams, request)
      : routeRefusal(request, route);
    if (response instanceof Promise) {
      return response.then((sent) => {
        exchanges.record(request, sent, started);
        return sent;
      });
    }
    exchanges.record(request, response, started);
    return response;
  };
  const app: PetstoreApp = {
    store: sessions.defaultStore,
    sessions,
    ready: context.ready,
    async handle(request) {
      return answer(request);
    },
    scenarios: context.scenarios,
    sessionOutcomes: context.sessionOutcomes,
    observe: exchanges.observe,
    bodyMatters: (head) => bodyMatters(matchRoute, apiKeys, head),
  };
  answerers.set(app, { handle: app.handle, answer });
  return app;
}

/** Each app's `handle`, and the same without its promise, for `answerNow`. */
const answerers = new WeakMap<
  PetstoreApp,
  { handle: PetstoreApp["handle"]; answer: (request: MockRequest) => MockResponse | Promise<MockResponse> }
>();

/**
 * `app.handle(request)`, but the response itself when nothing on its way waits (the servers' hot path): an app made
 * by `createPetstoreApp` whose `handle` is its own; any other (or one whose `handle` was replaced) goes through it.
 */
export function answerNow(app: PetstoreApp, request: MockRequest): MockResponse | Promise<MockResponse> {
  const own = answerers.get(app);
  return own !== undefined && own.handle === app.handle ? own.answer(request) : app.handle(request);
}

export { contract, type PetstoreMockOptions };
