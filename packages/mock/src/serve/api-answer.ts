// The API or the control API behind a server: authentication before the body, the body limits, the one fallback
// for the unexpected, and the server's own delay.
import type { PetstoreApp } from "../core/app.js";
import type { ControlHandler } from "../core/control/handler.js";
import { contract } from "../core/generated/contract.js";
import { contract as controlContract } from "../core/generated/control/contract.js";
import { payloadTooLarge } from "../core/http/body.js";
import { MockApiError, unexpected } from "../core/http/errors.js";
import type { MockRequest, MockResponse } from "../core/http/types.js";
import type { WireRequest } from "./pipeline.js";
import type { RequestTarget } from "./request-target.js";

const NO_BODY = { body: null, tooLarge: false } as const;

/** What the app or the control API answered, and the body it was handed (null when none was read). */
export interface ApiAnswer {
  readonly result: MockResponse;
  /** The body went past its limit: the connection is better closed than read to its end. */
  readonly tooLarge: boolean;
  readonly body: Uint8Array | null;
}

/** Answers `request` by the control handler when it has one, else by the app. */
export async function answerApi(
  app: PetstoreApp,
  control: ControlHandler | null,
  request: WireRequest,
  target: RequestTarget,
): Promise<ApiAnswer> {
  const { method } = request;
  const { path } = target;
  const bodyLimit = control ? controlContract.limits.requestBodyBytes : contract.limits.requestBodyBytes;
  const header = (name: string) => request.header(name);
  // Authentication first: a body is read only once its key is accepted on a known route.
  const leftUnread = request.hasBody && !(control ?? app).bodyMatters({ method, path, header });
  let read: { body: Uint8Array | null; tooLarge: boolean } = NO_BODY;
  try {
    if (leftUnread) {
      await request.skipBody();
    }
    // Without a body there is nothing to read (and no promise to wait for): the hot path of GET.
    read = leftUnread || !request.hasBody ? NO_BODY : await readWhole(request, bodyLimit);
    const mockRequest: MockRequest = {
      method,
      path,
      query: new URLSearchParams(target.rawQuery),
      header,
      body: read.body,
      bodyTooLarge: read.tooLarge,
      baseUrl: request.baseUrl(),
      signal: request.signal,
    };
    if (control) {
      await app.ready;
    }
    const result = await (control ? control(mockRequest) : app.handle(mockRequest));
    return { result, tooLarge: read.tooLarge, body: read.body };
  } catch (error) {
    const result = (read.tooLarge ? payloadTooLarge(bodyLimit) : unexpected(error)).toResponse();
    return { result, tooLarge: read.tooLarge, body: read.body };
  }
}

/** The body, or a 400 when the client stopped sending it halfway (nobody may be left to read that answer). */
async function readWhole(request: WireRequest, limit: number) {
  try {
    return await request.readBody(limit);
  } catch {
    throw new MockApiError(400, "INVALID_PARAMETER", "the request body ended before it was whole");
  }
}
