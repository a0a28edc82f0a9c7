// How the app answers a request that matched an operation, in the documented order of checks: the key, the
// headers, `Prefer` and the chosen outcomes, the parameters and body, then the operation in its session's store.
import { shorten } from "./generated/shorten.js";
import { authenticate } from "./http/auth.js";
import { withConstantHeaders } from "./http/constant-headers.js";
import { MockApiError, unexpected } from "./http/errors.js";
import { validateHeaders } from "./http/parameters.js";
import { errorAnswer } from "./http/refused-value.js";
import type { OperationDescription, RouteMatch } from "./http/router.js";
import { requestedSession } from "./http/session-header.js";
import type { MockRequest, MockResponse } from "./http/types.js";
import { type PetstoreScenarios, scenarioError } from "./inspect/scenarios.js";
import type { SessionOutcomes } from "./inspect/session-outcomes.js";
import { runInSession } from "./run-in-session.js";
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

/** `Prefer`'s parser, once the first request that sends the header has loaded it: most requests send none. */
let preferModule: typeof import("./http/prefer.js") | undefined;

/**
 * The answer of `operation`, its delay (`Prefer: delay`, or the scenarios') included, errors as their Error body;
 * at once, without a promise, when nothing on the way waits (no delay, a store that runs the operation at once).
 */
export function answerOperation(
  app: OperationContext,
  operation: OperationDescription,
  pathParams: Record<string, string>,
  request: MockRequest,
): MockResponse | Promise<MockResponse> {
  const header = request.header("prefer");
  if (header && preferModule === undefined) {
    return import("./http/prefer.js").then(
      (module) => {
        preferModule = module;
        return answerOperation(app, operation, pathParams, request);
      },
      (error: unknown) =>
        withConstantHeaders(unexpected(error).toResponse(operation.operationId), operation.successHeaders),
    );
  }
  // Known once `Prefer` is read: an error found before is answered at once, one found after waits it too.
  let delayMs = 0;
  let result: MockResponse | Promise<MockResponse>;
  try {
    authenticate(request.header("authorization"), app.apiKeys);
    validateHeaders(operation, request.header);
    const prefer = header ? preferModule : undefined;
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
    result = runInSession(app, operation, pathParams, request, named);
  } catch (error) {
    result = errorAnswer(error, operation.operationId);
  }
  if (result instanceof Promise || delayMs) {
    return delayed(result, delayMs, operation, request.signal);
  }
  return withConstantHeaders(result, operation.successHeaders);
}

/** `answerOperation`'s end when something waits: the operation (its errors as their Error body), then the delay. */
async function delayed(
  result: MockResponse | Promise<MockResponse>,
  delayMs: number,
  operation: OperationDescription,
  signal: AbortSignal | undefined,
): Promise<MockResponse> {
  let response: MockResponse;
  try {
    response = await result;
  } catch (error) {
    response = await errorAnswer(error, operation.operationId);
  }
  if (delayMs) {
    await sleep(delayMs, signal);
  }
  return withConstantHeaders(response, operation.successHeaders);
}

/** Throws the error chosen for this operation (the session's over the control API, or the app's), if any. */
function throwChosenOutcome(scenarios: PetstoreScenarios | undefined, operation: OperationDescription, where?: string) {
  const scenario = scenarios?.take(operation.operationId);
  if (scenario) {
    throw scenarioError(scenario, operation, where);
  }
}
