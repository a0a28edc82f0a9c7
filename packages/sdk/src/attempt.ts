import { raceAbort } from "./abort.js";
import { PetstoreError } from "./errors.js";

/**
 * A NETWORK_ERROR's message: the error's, the origin tried, and why, when the runtime says (Node's
 * `cause`, e.g. `connect ECONNREFUSED 127.0.0.1:4010` or `getaddrinfo ENOTFOUND api.example`). A browser
 * never says why a fetch failed: then what can cause it.
 */
function networkFailure(error: unknown, url: string): string {
  const cause = (error as { cause?: { code?: unknown; message?: string } })?.cause;
  const code = cause?.code;
  const said = cause?.message ?? "";
  const origin = new URL(url).origin;
  return `${(error as Error)?.message ?? error} (${
    cause
      ? `${origin}: ${typeof code === "string" && !said.includes(code) ? `${code} ${said}`.trim() : said}`
      : error instanceof TypeError
        ? `the server at ${origin} is unreachable or refused CORS`
        : origin
  })`;
}

/**
 * One attempt of a request, headers and body, `[response, body]`: abandoned after `timeoutMs` with a TIMEOUT,
 * or failed with a NETWORK_ERROR (both PetstoreErrors); the caller's abort is thrown as it is.
 */
export const createAttempt =
  (send: (request: Request) => Promise<Response>, timeoutMs: number | undefined) =>
  async (request: Request, signal: AbortSignal): Promise<[Response, string]> => {
    // With a time-out, one signal for the attempt: the caller's abort or ours (told apart by the
    // caller's `signal`). Without one, the request goes as it is: no extra objects per call.
    const attemptAbort = timeoutMs ? new AbortController() : undefined;
    const forwardAbort = () => attemptAbort?.abort(signal.reason);
    const timer = attemptAbort && setTimeout(() => attemptAbort.abort(), timeoutMs);
    if (attemptAbort) {
      signal.addEventListener("abort", forwardAbort, { once: true });
    }
    try {
      const sent = attemptAbort ? new Request(request, { signal: attemptAbort.signal }) : request;
      // Racing the signal makes the time-out hold even for a fetch that ignores signals, and keeps
      // `sent` alive: Node 20's fetch links a Request's signal only weakly.
      const received = send(sent).then(
        async (response): Promise<[Response, string]> => [response, await response.text()],
      );
      return await (attemptAbort ? raceAbort(received, attemptAbort.signal, sent) : received);
    } catch (error) {
      signal.throwIfAborted();
      const timedOut = attemptAbort?.signal.aborted === true;
      throw new PetstoreError(
        {
          code: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
          message: timedOut ? `no response within ${timeoutMs} ms` : networkFailure(error, request.url),
          status: 0,
          method: request.method,
          url: request.url,
        },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", forwardAbort);
    }
  };
