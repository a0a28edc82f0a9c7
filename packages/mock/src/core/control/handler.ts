import { operations } from "../generated/control/contract.js";
import { shorten } from "../generated/describe-validation-error.js";
import { authenticate } from "../http/auth.js";
import { bodyMatters, type RequestHead } from "../http/body-gate.js";
import { MockApiError, unexpected } from "../http/errors.js";
import { createRouter } from "../http/router.js";
import type { MockRequest, MockResponse } from "../http/types.js";
import type { PetstoreSessions } from "../sessions/types.js";
import type { PetstoreStore, StoreLimits } from "../store/store.js";
import { checkSnapshot, readSnapshot } from "./check-snapshot.js";
import { type ControlOperation, parseControlPath, parseResetTarget, readControlBody, refuseQuery } from "./request.js";
import { type SessionSummary, toSnapshot } from "./snapshot.js";

export { CONTROL_PREFIX, isControlPath } from "./path.js";

export interface ControlHandlerOptions {
  sessions: PetstoreSessions;
  /** The bearer keys of the API, which the control API accepts too. */
  apiKeys: readonly string[];
}

const route = createRouter<ControlOperation>(operations);

const capsOf = (store: PetstoreStore): StoreLimits => ({
  maxCategories: store.categories.capacity,
  maxPets: store.pets.capacity,
  maxOrders: store.orders.capacity,
});

const sessionNotFound = (name: string) =>
  new MockApiError(404, "NOT_FOUND", `session ${JSON.stringify(name)} does not exist`);

/** The control API's handler, and whether a request's answer can depend on its body (see `PetstoreApp.bodyMatters`). */
export type ControlHandler = ((request: MockRequest) => Promise<MockResponse>) & {
  bodyMatters(head: RequestHead): boolean;
};

/**
 * The control API (openapi/control.yaml) over a mock's sessions: a MockRequest under `/__petstore/` to
 * its MockResponse, runtime-neutral. Checks run in the API's order: route, key, parameters, body.
 */
export function createControlHandler(options: ControlHandlerOptions): ControlHandler {
  const { sessions } = options;
  const apiKeys = new Set(options.apiKeys);

  const summary = (name: string): SessionSummary => {
    const info = sessions.list().find((session) => session.name === name);
    if (!info) {
      throw sessionNotFound(name);
    }
    return info;
  };

  const answers: Record<ControlOperation["operationId"], (name: string, body: unknown) => Promise<unknown>> = {
    listSessions: async () => sessions.list(),
    deleteSession: async (name) => {
      if (!(await sessions.delete(name))) {
        throw sessionNotFound(name);
      }
      return undefined;
    },
    resetSession: async (name, body) => {
      const to = parseResetTarget(body);
      const caps = capsOf(sessions.get(name) ?? sessions.defaultStore);
      if (to && "namedState" in to) {
        // The state's snapshot by the checks `PUT …/state` runs, against this store's caps (507 past one).
        const { namedStateSnapshot } = await import("../store/named-states.js");
        checkSnapshot(namedStateSnapshot(to.namedState, { seed: to.seed }), caps);
      } else if (to && "seed" in to && to.seed > caps.maxPets) {
        throw new MockApiError(
          507,
          "STORAGE_FULL",
          `seed: ${to.seed} pets do not fit the store, which holds at most ${caps.maxPets}`,
        );
      }
      await sessions.reset(name, to);
      return summary(name);
    },
    getSessionState: async (name) => {
      const store = sessions.get(name);
      if (!store) {
        throw sessionNotFound(name);
      }
      // Between operations, never halfway through one (a create adds its pet, then its stock).
      return toSnapshot(await store.exclusive(() => store.snapshot()));
    },
    putSessionState: async (name, body) => {
      // Checked in full against the caps of the store it goes in (a new session's are the default one's).
      await sessions.replace(name, readSnapshot(body, capsOf(sessions.get(name) ?? sessions.defaultStore)));
      return summary(name);
    },
  };

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
      const { name = "" } = parseControlPath(operation, match.pathParams);
      const body = readControlBody(operation, request);
      const answer = await answers[operation.operationId](name, body);
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
