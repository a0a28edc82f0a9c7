// How the app answers a request that matched an operation, in the documented order of checks: the key, the
// headers, `Prefer` and the chosen outcomes, the parameters and body, then the operation in its session's store.
import { withCopiedBody } from "./copied-body.js";
import { shorten } from "./generated/describe-validation-error.js";
import { authenticate } from "./http/auth.js";
import { parseBody } from "./http/body.js";
import { withConstantHeaders } from "./http/constant-headers.js";
import { MockApiError, unexpected } from "./http/errors.js";
import { parsePathParameters, parseQueryParameters, validateHeaders } from "./http/parameters.js";
import type { OperationDescription, RouteMatch } from "./http/router.js";
import { requestedSession } from "./http/session-header.js";
import type { MockRequest, MockResponse } from "./http/types.js";
import { type PetstoreScenarios, scenarioError } from "./inspect/scenarios.js";
import type { SessionOutcomes } from "./inspect/session-outcomes.js";
import { operationHandlers } from "./operations/index.js";
import { DEFAULT_SESSION } from "./sessions/session-name.js";
import type { PetstoreSessions } from "./sessions/types.js";
import { sleep } from "./sleep.js";

/** What answering an operation needs of the app. */
export interface OperationContext {
  readonly sessions: PetstoreSessions;
  /** Resolves once the start data is in. */
  readonly ready: Promise<void>;
  /** Whether `ready` has resolved (then there is nothing to wait for). */
  readonly isReady: () => boolean;
  readonly apiKeys: ReadonlySet<string>;
  readonly scenarios: PetstoreScenarios;
  readonly sessionOutcomes: SessionOutcomes;
  readonly now: () => Date;
}

/** The 405 (with `Allow`) of a known path asked with another method, or the 404 of a path of no operation. */
export function routeRefusal(request: MockRequest, route: Extract<RouteMatch, { operation: undefined }>): MockResponse {
  if (route.allowedMethods.length) {
    const allow = route.allowedMethods.join(", ");
    const message = `${shorten(request.path)} does not accept ${shorten(request.method)}; it accepts ${allow}`;
    return new MockApiError(405, "METHOD_NOT_ALLOWED", message, { Allow: allow }).toResponse();
  }
  const message = `${shorten(request.method)} ${shorten(request.path)} is not an operation of this API`;
  return new MockApiError(404, "ROUTE_NOT_FOUND", message).toResponse();
}

/** The answer of `operation`, its delay (`Prefer: delay`, or the scenarios') included, errors as their Error body. */
export async function answerOperation(
  app: OperationContext,
  operation: OperationDescription,
  pathParams: Record<string, string>,
  request: MockRequest,
): Promise<MockResponse> {
  // Known once `Prefer` is read: an error found before is answered at once, one found after waits it too.
  let delayMs = 0;
  let result: MockResponse;
  try {
    authenticate(request.header("authorization"), app.apiKeys);
    validateHeaders(operation, request.header);
    // Prefer's parser is loaded with the first request that sends the header: most requests send none.
    const header = request.header("prefer");
    const prefer = header ? await import("./http/prefer.js") : undefined;
    const preferences = prefer?.parsePrefer(header, operation) ?? {};
    // The session's own outcomes (control API) first, then the app's (every session's).
    const named = requestedSession(request.header);
    const session = named ?? DEFAULT_SESSION;
    const own = app.sessionOutcomes.peek(session);
    delayMs = preferences.delayMs ?? (own?.delayMs || app.scenarios.delayMs);
    if (prefer && preferences.code !== undefined) {
      throw prefer.simulatedError(preferences.code, operation);
    }
    throwChosenOutcome(own, operation, `for session ${session} over the control API`);
    throwChosenOutcome(app.scenarios, operation);
    result = await runInSession(app, operation, pathParams, request, named);
  } catch (error) {
    result = unexpected(error).toResponse(operation.operationId);
  }
  if (delayMs) {
    await sleep(delayMs, request.signal);
  }
  return withConstantHeaders(result, operation.successHeaders);
}

/** Throws the error chosen for this operation (the session's over the control API, or the app's), if any. */
function throwChosenOutcome(scenarios: PetstoreScenarios | undefined, operation: OperationDescription, where?: string) {
  const scenario = scenarios?.take(operation.operationId);
  if (scenario) {
    throw scenarioError(scenario, operation, where);
  }
}

/** Runs the operation in the store of the request's session, one operation at a time per store. */
async function runInSession(
  app: OperationContext,
  operation: OperationDescription,
  pathParams: Record<string, string>,
  request: MockRequest,
  sessionName: string | null,
): Promise<MockResponse> {
  const path = parsePathParameters(operation, pathParams);
  const query = parseQueryParameters(operation, request.query);
  // An operation without a body, and a store with its start data in, cost no turn of the event loop.
  const body = operation.body ? await parseBody(operation, request) : undefined;
  if (!app.isReady()) {
    await app.ready;
  }
  // Requests without the header pay for nothing more than looking it up (once, in answerOperation).
  const store = sessionName === null ? app.sessions.defaultStore : await app.sessions.open(sessionName);
  const handler = operationHandlers[operation.operationId] as (
    context: unknown,
  ) => ReturnType<(typeof operationHandlers)["getPet"]>;
  const context = {
    store,
    path,
    query,
    body,
    rawQuery: request.query,
    requestPath: request.path,
    baseUrl: request.baseUrl,
    now: app.now,
  };
  // One operation at a time, so a check and the write that depends on it cannot interleave; the answer is
  // copied before the next operation runs, as later ones change records in place.
  const result = await store.exclusive(() => {
    const answer = handler(context);
    return answer instanceof Promise ? answer.then(withCopiedBody) : withCopiedBody(answer);
  });
  if (operation.method !== "GET" && result.status < 300) {
    app.sessions.notifyChange(sessionName ?? DEFAULT_SESSION);
  }
  return {
    status: result.status,
    headers: { ...result.headers },
    body: result.body,
    operationId: operation.operationId,
  };
}
