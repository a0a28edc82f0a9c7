// The API or the control API behind a server: authentication before the body, the body limits, the one fallback
// for the unexpected, and the server's own delay.
import { answerNow, type PetstoreApp } from "../core/app.js";
import type { ControlHandler } from "../core/control/handler.js";
import { contract } from "../core/generated/contract.js";
import { contract as controlContract } from "../core/generated/control/contract.js";
import { payloadTooLarge } from "../core/http/body.js";
import { MockApiError, unexpected } from "../core/http/errors.js";
import type { MockResponse } from "../core/http/types.js";
import { keptAnswersOf } from "../core/kept-answers.js";
import { SERIALISED_ONLY, type ServerRequest } from "../core/serialised-only.js";
import { type Eventually, Later } from "./later.js";
import type { RequestTarget } from "./request-target.js";
import type { BodyRead, WireRequest } from "./wire-types.js";

const NO_BODY = { body: null, tooLarge: false } as const;

/** What the app or the control API answered, and the body it was handed (null when none was read). */
export interface ApiAnswer {
  readonly result: MockResponse;
  /** The body went past its limit: the connection is better closed than read to its end. */
  readonly tooLarge: boolean;
  readonly body: Uint8Array | null;
}

/**
 * Answers `request` by the app; at once, without a promise, when nothing on the way waits (a request without a
 * body, answered by a store that runs it at once), or within the event that ends its body (node:http).
 */
export function answerApi(app: PetstoreApp, request: WireRequest, target: RequestTarget): Eventually<ApiAnswer> {
  if (!request.hasBody) {
    try {
      const result = answerNow(app, mockRequestOf(app, request, target, NO_BODY));
      return result instanceof Promise
        ? result.then((answered) => ({ result: answered, body: null, tooLarge: false }), failedAnswer)
        : { result, body: null, tooLarge: false };
    } catch (error) {
      return failedAnswer(error);
    }
  }
  const header = (name: string) => request.header(name);
  if (request.readBodyLater === undefined || !app.bodyMatters({ method: request.method, path: target.path, header })) {
    return answerWithBody(app, null, request, target);
  }
  const limit = contract.limits.requestBodyBytes;
  const answer = new Later<ApiAnswer | Promise<ApiAnswer>>();
  request.readBodyLater(limit).read((read) => {
    if (read instanceof Error) {
      answer.settle(failedRead(NO_BODY, limit, brokenOff()));
      return;
    }
    try {
      const result = answerNow(app, mockRequestOf(app, request, target, read));
      answer.settle(
        result instanceof Promise
          ? result.then(
              (answered) => ({ result: answered, tooLarge: read.tooLarge, body: read.body }),
              (error: unknown) => failedRead(read, limit, error),
            )
          : { result, tooLarge: read.tooLarge, body: read.body },
      );
    } catch (error) {
      answer.settle(failedRead(read, limit, error));
    }
  });
  return answer;
}

/** Answers `request` by the control handler (the body limit of the control API, the app's start data awaited). */
export const answerControl = (
  app: PetstoreApp,
  control: ControlHandler,
  request: WireRequest,
  target: RequestTarget,
): Promise<ApiAnswer> => answerWithBody(app, control, request, target);

/** The answer to a request without a body when something unexpected failed. */
const failedAnswer = (error: unknown): ApiAnswer => ({ result: unexpected(error).toResponse(), ...NO_BODY });

/** The client stopped sending the body halfway (nobody may be left to read this answer). */
const brokenOff = () => new MockApiError(400, "INVALID_PARAMETER", "the request body ended before it was whole");

/** The answer to a request whose body was read (or not) when something failed. */
const failedRead = (read: BodyRead, limit: number, error: unknown): ApiAnswer => ({
  result: (read.tooLarge ? payloadTooLarge(limit) : unexpected(error)).toResponse(),
  ...read,
});

/** `answerApi` for a request with a body, or of the control API. */
async function answerWithBody(
  app: PetstoreApp,
  control: ControlHandler | null,
  request: WireRequest,
  target: RequestTarget,
): Promise<ApiAnswer> {
  const { method } = request;
  const bodyLimit = control ? controlContract.limits.requestBodyBytes : contract.limits.requestBodyBytes;
  const header = (name: string) => request.header(name);
  // Authentication first: a body is read only once its key is accepted on a known route.
  const leftUnread = request.hasBody && !(control ?? app).bodyMatters({ method, path: target.path, header });
  let read: BodyRead = NO_BODY;
  try {
    if (leftUnread) {
      await request.skipBody();
    }
    // Without a body there is nothing to read (and no promise to wait for).
    read = leftUnread || !request.hasBody ? NO_BODY : await readWhole(request, bodyLimit);
    const mockRequest = mockRequestOf(app, request, target, read);
    if (control) {
      await app.ready;
    }
    const result = await (control ? control(mockRequest) : answerNow(app, mockRequest));
    return { result, tooLarge: read.tooLarge, body: read.body };
  } catch (error) {
    const result = (read.tooLarge ? payloadTooLarge(bodyLimit) : unexpected(error)).toResponse();
    return { result, tooLarge: read.tooLarge, body: read.body };
  }
}

/** The request as the app reads it. */
function mockRequestOf(app: PetstoreApp, request: WireRequest, target: RequestTarget, read: BodyRead): ServerRequest {
  return {
    method: request.method,
    path: target.path,
    query: new URLSearchParams(target.rawQuery),
    header: (name) => request.header(name),
    body: read.body,
    bodyTooLarge: read.tooLarge,
    baseUrl: request.baseUrl(),
    signal: request.signal,
    // The servers serialise the answer and hand on no objects: a safe read may share an earlier answer's.
    [SERIALISED_ONLY]: { rawQuery: target.rawQuery, kept: keptAnswersOf(app) },
  };
}

/** The body, or a 400 when the client stopped sending it halfway (nobody may be left to read that answer). */
async function readWhole(request: WireRequest, limit: number) {
  try {
    return await request.readBody(limit);
  } catch {
    throw brokenOff();
  }
}
