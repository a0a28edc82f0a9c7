import { contract } from "../generated/contract.js";
import { operations } from "../generated/control/contract.js";
import { authenticate } from "../http/auth.js";
import { ApiError } from "../http/errors.js";
import { createRouter } from "../http/router.js";
import type { MockRequest, MockResponse } from "../http/types.js";
import type { PetstoreStore, StoreLimits, StoreSnapshot } from "../store/store.js";
import { readSnapshot } from "./check-snapshot.js";
import { type ControlOperation, parseControlPath, parseResetTarget, readControlBody, refuseQuery } from "./request.js";
import { type ResetTarget, type SessionSummary, toSnapshot } from "./snapshot.js";

/** The prefix of every control path (`/__petstore/`), reserved beside the API's paths. */
export const CONTROL_PREFIX = "/__petstore/";

/** What the control API needs of a mock's sessions. */
export interface ControlledSessions {
  list(): readonly SessionInfo[];
  get(name: string): { readonly store: PetstoreStore } | undefined;
  reset(name: string, to?: ResetTarget): Promise<unknown>;
  replace(name: string, state: StoreSnapshot): Promise<unknown>;
  delete(name: string): boolean | Promise<boolean>;
}

/** A session as the registry lists it; its times as dates, numbers or ISO strings. */
export interface SessionInfo {
  name: string;
  records: SessionSummary["records"];
  createdAt: Date | number | string;
  lastUsedAt: Date | number | string;
}

export interface ControlHandlerOptions {
  sessions: ControlledSessions;
  /** The bearer keys of the API, which the control API accepts too. */
  apiKeys: readonly string[];
}

const route = createRouter<ControlOperation>(operations);

const summaryOf = (info: SessionInfo): SessionSummary => ({
  name: info.name,
  records: { ...info.records },
  createdAt: new Date(info.createdAt).toISOString(),
  lastUsedAt: new Date(info.lastUsedAt).toISOString(),
});

const capsOf = (store: PetstoreStore): StoreLimits => ({
  maxCategories: store.categories.capacity,
  maxPets: store.pets.capacity,
  maxOrders: store.orders.capacity,
});

/** The document's caps (`info.x-limits`): those of a session not created yet. */
const defaultCaps = (): StoreLimits => ({
  maxCategories: contract.limits.maxCategories,
  maxPets: contract.limits.maxPets,
  maxOrders: contract.limits.maxOrders,
});

const sessionNotFound = (name: string) =>
  new ApiError(404, "NOT_FOUND", `session ${JSON.stringify(name)} does not exist`);

/**
 * The control API (openapi/control.yaml) over a mock's sessions: a MockRequest under `/__petstore/` to
 * its MockResponse, runtime-neutral. Checks run in the API's order: route, key, parameters, body.
 */
export function createControlHandler(options: ControlHandlerOptions): (request: MockRequest) => Promise<MockResponse> {
  const { sessions } = options;
  const apiKeys = new Set(options.apiKeys);

  const summary = (name: string): SessionSummary => {
    const info = sessions.list().find((session) => session.name === name);
    if (!info) {
      throw sessionNotFound(name);
    }
    return summaryOf(info);
  };

  const answers: Record<ControlOperation["operationId"], (name: string, body: unknown) => Promise<unknown>> = {
    listSessions: async () => sessions.list().map(summaryOf),
    deleteSession: async (name) => {
      if (!(await sessions.delete(name))) {
        throw sessionNotFound(name);
      }
      return undefined;
    },
    resetSession: async (name, body) => {
      await sessions.reset(name, parseResetTarget(body));
      return summary(name);
    },
    getSessionState: async (name) => {
      const session = sessions.get(name);
      if (!session) {
        throw sessionNotFound(name);
      }
      return toSnapshot(session.store.snapshot());
    },
    putSessionState: async (name, body) => {
      const store = sessions.get(name)?.store;
      // Checked in full against the caps of the store it goes in (or the document's, for a new session).
      await sessions.replace(name, readSnapshot(body, store ? capsOf(store) : defaultCaps()));
      return summary(name);
    },
  };

  return async (request) => {
    const match = route(request.method, request.path);
    if (!match.operation) {
      if (match.allowedMethods.length) {
        const allow = match.allowedMethods.join(", ");
        const message = `${request.path} does not accept ${request.method}; it accepts ${allow}`;
        return new ApiError(405, "METHOD_NOT_ALLOWED", message, { Allow: allow }).toResponse();
      }
      const message = `${request.method} ${request.path} is not an operation of the control API`;
      return new ApiError(404, "ROUTE_NOT_FOUND", message).toResponse();
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
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, "INTERNAL_ERROR", `the mock failed unexpectedly: ${(error as Error)?.message ?? error}`);
      return apiError.toResponse(operation.operationId);
    }
  };
}
