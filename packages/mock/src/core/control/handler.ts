import { operations } from "../generated/control/contract.js";
import { shorten } from "../generated/shorten.js";
import { authenticate } from "../http/auth.js";
import { bodyMatters, type RequestHead } from "../http/body-gate.js";
import { MockApiError, unexpected } from "../http/errors.js";
import { createRouter } from "../http/router.js";
import type { MockRequest, MockResponse } from "../http/types.js";
import { createSessionOutcomes, type SessionOutcomes } from "../inspect/session-outcomes.js";
import type { PetstoreSessions } from "../sessions/types.js";
import { type ControlOperation, parseControlPath, readControlBody, refuseQuery } from "./request.js";
import { sessionAnswers } from "./session-answers.js";

export { CONTROL_PREFIX, isControlPath } from "./path.js";

export interface ControlHandlerOptions {
  sessions: PetstoreSessions;
  /** The bearer keys of the API, which the control API accepts too. */
  apiKeys: readonly string[];
  /** Each session's outcomes, which the app answering its requests reads (`PetstoreApp.sessionOutcomes`). */
  outcomes?: SessionOutcomes;
}

const route = createRouter<ControlOperation>(operations);

/** The control API's handler, and whether a request's answer can depend on its body (see `PetstoreApp.bodyMatters`). */
export type ControlHandler = ((request: MockRequest) => Promise<MockResponse>) & {
  bodyMatters(head: RequestHead): boolean;
};

/**
 * The control API (openapi/control.yaml) over a mock's sessions: a MockRequest under `/__petstore/` to
 * its MockResponse, runtime-neutral. Checks run in the API's order: route, key, parameters, body.
 */
export function createControlHandler(options: ControlHandlerOptions): ControlHandler {
  const answers = sessionAnswers(options.sessions, options.outcomes ?? createSessionOutcomes());
  const apiKeys = new Set(options.apiKeys);
  const handle = async (request: MockRequest): Promise<MockResponse> => {
    const match = route(request.method, request.path);
    if (!match.operation) {
      if (match.allowedMethods.length) {
        const allow = match.allowedMethods.join(", ");
        const message = `${shorten(request.path)} does not accept ${shorten(request.method)}; it accepts ${allow}`;
        return new MockApiError(405, "METHOD_NOT_ALLOWED", message, { Allow: allow }).toResponse();
      }
      const message = `${shorten(request.method)} ${shorten(request.path)} is not an operation of the control API`;
      return new MockApiError(404, "ROUTE_NOT_FOUND", message).toResponse();
    }
    const operation = match.operation;
    try {
      authenticate(request.header("authorization"), apiKeys);
      refuseQuery(request.query);
      const path = parseControlPath(operation, match.pathParams);
      const body = await readControlBody(operation, request);
      const answer = await answers[operation.operationId](path.name ?? "", body, path);
      return {
        status: operation.successStatus,
        headers: {},
        ...(answer === undefined ? {} : { body: answer }),
        operationId: operation.operationId,
      };
    } catch (error) {
      const apiError = unexpected(error);
      return apiError.toResponse(operation.operationId);
    }
  };
  return Object.assign(handle, { bodyMatters: (head: RequestHead) => bodyMatters(route, apiKeys, head) });
}
