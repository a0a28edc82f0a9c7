// Running an operation in its session's store: parsing its parameters and body, one operation at a time per store,
// and a safe read's answer kept while the store is unchanged (kept-answers.ts).
import type { OperationContext } from "./answer-operation.js";
import { withCopiedBody } from "./copied-body.js";
import { parseBody } from "./http/body.js";
import { parsePathParameters, parseQueryParameters } from "./http/parameters.js";
import type { OperationDescription } from "./http/router.js";
import type { MockRequest, MockResponse } from "./http/types.js";
import type { KeptAnswers } from "./kept-answers.js";
import type { OperationResult } from "./operations/context.js";
import { operationHandlers } from "./operations/index.js";
import { SERIALISED_ONLY, type ServerRequest } from "./serialised-only.js";
import { DEFAULT_SESSION } from "./sessions/session-name.js";
import { exclusiveNow, type PetstoreStore } from "./store/store.js";

/** An operation's parameters and body, checked against the document. */
interface Parsed {
  readonly path: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

/** The operation's parameters and body, checked against the document: at once unless the body is not JSON. */
function parseRequest(
  operation: OperationDescription,
  pathParams: Record<string, string>,
  request: MockRequest,
): Parsed | Promise<Parsed> {
  const path = parsePathParameters(operation, pathParams);
  const query = parseQueryParameters(operation, request.query);
  if (!operation.body) {
    return { path, query, body: undefined };
  }
  const body = parseBody(operation, request);
  return body instanceof Promise ? body.then((data) => ({ path, query, body: data })) : { path, query, body };
}

/** Runs the operation in the store of the request's session, one operation at a time per store. */
export function runInSession(
  app: OperationContext,
  operation: OperationDescription,
  pathParams: Record<string, string>,
  request: ServerRequest,
  sessionName: string | null,
): MockResponse | Promise<MockResponse> {
  // A safe read a server only serialises may be answered as before while its store is unchanged (kept-answers.ts).
  const kept = operation.method === "GET" ? request[SERIALISED_ONLY]?.kept : undefined;
  const key = kept?.keyOf(request, sessionName);
  // The default session's store, once its start data is in, opens at once and cannot fail: a read whose answer
  // may be kept is parsed only when it is not (the same path and query parse the same way every time).
  const early = key !== undefined && sessionName === null && app.isReady();
  const parsed = early ? undefined : parseRequest(operation, pathParams, request);
  if (parsed instanceof Promise || sessionName !== null || !app.isReady()) {
    return runParsed(app, operation, parsed!, request, sessionName, { kept, key });
  }
  // The default session's store, started: the operation runs without a promise unless it awaits.
  const store = app.sessions.defaultStore;
  const result = exclusiveNow(store, () =>
    runOperation(app, operation, { kept, key, store, request, parsed, pathParams }),
  );
  return result instanceof Promise
    ? result.then((answer) => responseOf(app, operation, answer, sessionName))
    : responseOf(app, operation, result, sessionName);
}

/** `runInSession` of a request whose parameters and body are parsed first, then its store opened. */
async function runParsed(
  app: OperationContext,
  operation: OperationDescription,
  parsing: Parsed | Promise<Parsed>,
  request: MockRequest,
  sessionName: string | null,
  { kept, key }: { kept: KeptAnswers | undefined; key: string | undefined },
): Promise<MockResponse> {
  const parsed = await parsing;
  if (!app.isReady()) {
    await app.ready;
  }
  // Requests without the header pay for nothing more than looking it up (once, in answerOperation).
  const store = sessionName === null ? app.sessions.defaultStore : await app.sessions.open(sessionName);
  const result = await exclusiveNow(store, () => runOperation(app, operation, { kept, key, store, request, parsed }));
  return responseOf(app, operation, result, sessionName);
}

/**
 * The operation's result in `store`, its body copied (as later operations change records in place), or the answer
 * kept under `key` while the store is unchanged. Run one operation at a time, so a check and the write that depends
 * on it cannot interleave. `parsed`: the parameters, or undefined for a read to parse `pathParams` only when it runs.
 */
function runOperation(
  app: OperationContext,
  operation: OperationDescription,
  run: {
    kept: KeptAnswers | undefined;
    key: string | undefined;
    store: PetstoreStore;
    request: MockRequest;
    parsed: Parsed | undefined;
    pathParams?: Record<string, string>;
  },
): OperationResult | Promise<OperationResult> {
  const { kept, key, store, request } = run;
  if (kept !== undefined && key !== undefined) {
    const answer = kept.get(key, store);
    if (answer !== undefined) {
      return answer;
    }
  }
  // A read takes no body: its parameters parse at once.
  const { path, query, body } = run.parsed ?? (parseRequest(operation, run.pathParams!, request) as Parsed);
  const handler = operationHandlers[operation.operationId] as (
    context: unknown,
  ) => ReturnType<(typeof operationHandlers)["getPet"]>;
  const answer = handler({
    store,
    path,
    query,
    body,
    rawQuery: request.query,
    requestPath: request.path,
    baseUrl: request.baseUrl,
    now: app.now,
  });
  if (answer instanceof Promise) {
    return answer.then(withCopiedBody);
  }
  const copied = withCopiedBody(answer);
  if (kept !== undefined && key !== undefined) {
    kept.keep(key, store, copied);
  }
  return copied;
}

/** The response of an operation's result; a write that succeeded tells the session's subscribers. */
function responseOf(
  app: OperationContext,
  operation: OperationDescription,
  result: OperationResult,
  sessionName: string | null,
): MockResponse {
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
