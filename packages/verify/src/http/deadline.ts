// One request with a deadline that covers the headers and the whole body, and a bound on the body's
// size. The deadline is a timer of our own, not `AbortSignal.timeout()`: on Node 20 a timeout signal
// that nothing else references stops firing once it is garbage-collected, and a backend that stalls
// or trickles its body then holds the run forever. The timer is referenced until the body is read, and
// so is the Request: undici's Request follows our signal through a WeakRef to its own controller, so a
// collected Request never passes the abort on, and the stalled socket keeps the process alive.
// The Request is built here, once, with the signal: a Request made first and copied with a signal
// costs a second Request (and, with a body, a stream piped through another) on every call.

import { CannotRun } from "../report.js";

/** The most bytes one answer may have: a page of 100 records within the document's limits is far less. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** No whole answer in time; `name` is `TimeoutError`, as a fetch's own time-out, and the message names the URL. */
export class DeadlineError extends Error {
  override name = "TimeoutError";
}

/** An answer larger than `MAX_BODY_BYTES`: the run cannot go on (exit status 2), its URL and the bound in the message. */
export class BodyTooLargeError extends CannotRun {}

/** The requests in flight, held until their body is read (see above). */
const inFlight = new Set<Request>();

const seconds = (ms: number) => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

const decoder = new TextDecoder();

/** The chunks as one run of bytes. */
function joined(chunks: Uint8Array[], bytes: number): Uint8Array {
  if (chunks.length === 1) {
    return chunks[0]!;
  }
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * Reads the body as text, refusing it past `maxBytes`; the read gives up when `gaveUp` rejects (the deadline).
 * The bytes are decoded once, at the end: decoding chunk by chunk (`stream: true`) costs several times more.
 */
async function boundedText(response: Response, maxBytes: number, what: string, gaveUp: Promise<never>) {
  if (!response.body) {
    return "";
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), gaveUp]);
      if (chunk.done) {
        break;
      }
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) {
        throw new BodyTooLargeError(
          `${what}: the answer is larger than ${maxBytes / 1024 / 1024} MiB, the most one answer may be; refused`,
        );
      }
      chunks.push(chunk.value);
    }
  } catch (error) {
    // Leaves the connection to be closed rather than read on.
    reader.cancel().catch(() => {});
    throw error;
  }
  return decoder.decode(joined(chunks, bytes));
}

/** What to send: the absolute URL, and the Request's method, headers and body. */
export interface Outgoing {
  url: string;
  init: Pick<RequestInit, "method" | "headers" | "body">;
}

/**
 * Sends `outgoing` and reads its whole body within `timeoutMs` (when given), at most `maxBytes` of it.
 * Rejects with `DeadlineError` past the deadline, whether the fetch heeds its signal or not, and with
 * `stop`'s reason once it aborts (the caller gave up on the request). Resolves with the Request as sent.
 */
export async function fetchWithin(
  fetchImpl: typeof fetch,
  outgoing: Outgoing,
  { timeoutMs, maxBytes = MAX_BODY_BYTES, stop }: { timeoutMs?: number; maxBytes?: number; stop?: AbortSignal },
): Promise<{ request: Request; response: Response; text: string }> {
  const controller = new AbortController();
  const sent = new Request(outgoing.url, { ...outgoing.init, signal: controller.signal });
  const what = `${sent.method} ${sent.url}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onStop = () => {};
  const gaveUp = new Promise<never>((_, reject) => {
    const giveUp = (error: unknown) => {
      controller.abort(error);
      reject(error);
    };
    if (timeoutMs !== undefined) {
      timer = setTimeout(
        () => giveUp(new DeadlineError(`${what}: no whole answer within ${seconds(timeoutMs)}`)),
        timeoutMs,
      );
    }
    onStop = () => giveUp(stop?.reason);
    stop?.addEventListener("abort", onStop);
  });
  gaveUp.catch(() => {});
  inFlight.add(sent);
  try {
    stop?.throwIfAborted();
    const response = await Promise.race([fetchImpl(sent), gaveUp]);
    return { request: sent, response, text: await boundedText(response, maxBytes, what, gaveUp) };
  } finally {
    inFlight.delete(sent);
    clearTimeout(timer);
    stop?.removeEventListener("abort", onStop);
  }
}
