import { contract } from "./generated/contract.js";
import { authenticate } from "./http/auth.js";
import { parseBody } from "./http/body.js";
import { ApiError } from "./http/errors.js";
import { parsePathParameters, parseQueryParameters, validateHeaders } from "./http/parameters.js";
import { parsePrefer, simulatedError } from "./http/prefer.js";
import { matchRoute } from "./http/router.js";
import type { MockRequest, MockResponse } from "./http/types.js";
import { responseObservers } from "./observe.js";
import type { OperationResult } from "./operations/context.js";
import { operationHandlers } from "./operations/index.js";
import { seed } from "./store/seed.js";
import { createPetstoreStore, type PetstoreStore } from "./store/store.js";

/** The key accepted when no `apiKeys` are given: the document's `x-demo-key`. */
export const DEMO_API_KEY = contract.demoApiKey;

export interface PetstoreMockOptions {
  /** The store to serve; by default a new one seeded with demo data. */
  store?: PetstoreStore;
  /** Bearer keys the mock accepts (default: `[DEMO_API_KEY]`, `"petstore-demo-key"`). */
  apiKeys?: readonly string[];
  /** The clock, for `shipDate` on fulfilment (default: the real one). */
  now?: () => Date;
}

export interface PetstoreApp {
  readonly store: PetstoreStore;
  /** Resolves once the default demo data is in the store. */
  readonly ready: Promise<void>;
  handle(request: MockRequest): Promise<MockResponse>;
}

/**
 * Adds the headers whose value the document fixes (`Deprecation`, `Sunset`) to every response of
 * the operation, errors included, so a client hears of a sunset whatever it gets back.
 */
function withConstantHeaders(response: MockResponse, documented: Record<string, string | null>): MockResponse {
  for (const [name, value] of Object.entries(documented)) {
    if (value !== null) {
      response.headers[name] = value;
    }
  }
  return response;
}

/**
 * A record's fields, copied: records are flat objects of primitives, so this is a snapshot. Only
 * its own string keys, not @msw/data's symbol keys, which would make the copy several times slower.
 */
function copyRecord(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const field in record) {
    copy[field] = record[field];
  }
  return copy;
}

/**
 * The operation's result with a copy of its body (a record, a list of records or nothing), so the
 * response shows the state right after its own operation even when it is serialised later (after
 * a delay, or once other requests have run), since later operations change records in place.
 */
function withCopiedBody(result: OperationResult): OperationResult {
  const { body } = result;
  if (Array.isArray(body)) {
    return { ...result, body: body.map(copyRecord) };
  }
  return body !== null && typeof body === "object"
    ? { ...result, body: copyRecord(body as Record<string, unknown>) }
    : result;
}

/** Waits `ms`, or less if `signal` fires first: nobody waits for the answer then, so no timer is left. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/**
 * The framework-neutral mock: one function from a parsed request to a response, which every
 * adapter (MSW, in-memory fetch, node:http) calls. Checks run in the documented order.
 */
export function createPetstoreApp(options: PetstoreMockOptions = {}): PetstoreApp {
  const store = options.store ?? createPetstoreStore();
  const ready = options.store ? Promise.resolve() : seed(store).then(() => undefined);
  const apiKeys = new Set(options.apiKeys ?? [DEMO_API_KEY]);
  if (apiKeys.size === 0) {
    throw new TypeError(`apiKeys must name at least one key; leave it out to accept ${DEMO_API_KEY}`);
  }
  const now = options.now ?? (() => new Date());

  async function handle(request: MockRequest): Promise<MockResponse> {
    const route = matchRoute(request.method, request.path);
    if (!route.operation) {
      if (route.allowedMethods.length) {
        const allow = route.allowedMethods.join(", ");
        const message = `${request.path} does not accept ${request.method}; it accepts ${allow}`;
        return new ApiError(405, "METHOD_NOT_ALLOWED", message, { Allow: allow }).toResponse();
      }
      return new ApiError(
        404,
        "ROUTE_NOT_FOUND",
        `${request.method} ${request.path} is not an operation of this API`,
      ).toResponse();
    }
    const operation = route.operation;
    let delayMs = 0;
    try {
      authenticate(request.header("authorization"), apiKeys);
      validateHeaders(operation, (name) => request.header(name));
      const preferences = parsePrefer(request.header("prefer"), operation);
      delayMs = preferences.delayMs ?? 0;
      if (preferences.code !== undefined) {
        throw simulatedError(preferences.code, operation);
      }
      const path = parsePathParameters(operation, route.pathParams);
      const query = parseQueryParameters(operation, request.query);
      const body = parseBody(operation, request);
      await ready;
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
        now,
      };
      // One operation at a time, so a check and the write that depends on it cannot interleave; the
      // answer is copied before the next operation runs, as later ones change records in place.
      const result = await store.exclusive(() => {
        const answer = handler(context);
        return answer instanceof Promise ? answer.then(withCopiedBody) : withCopiedBody(answer);
      });
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
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, "INTERNAL_ERROR", `the mock failed unexpectedly: ${(error as Error)?.message ?? error}`);
      return withConstantHeaders(apiError.toResponse(operation.operationId), operation.successHeaders);
    }
  }

  async function handleAndNotify(request: MockRequest): Promise<MockResponse> {
    const response = await handle(request);
    const observers = responseObservers();
    if (observers?.size) {
      for (const observer of observers) {
        observer({ request, response });
      }
    }
    return response;
  }

  return { store, ready, handle: handleAndNotify };
}

export { contract };
