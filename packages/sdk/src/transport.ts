import { sleep } from "./abort.js";
import { createAttempt } from "./attempt.js";
import { invalid } from "./invalid.js";
import type { PetstoreClientOptions } from "./options.js";
import { backoffMs, isRetriableMethod, isRetriableStatus, type ResolvedRetry, retryAfterMs } from "./retry.js";

/**
 * Sends one request with the bearer key, the time-out and the retry policy, and reads the whole
 * body within each attempt: the client parses it only after the transport returned, beyond the
 * time-out and the retries. Network failures and time-outs become `PetstoreError`s (and 2xx answers
 * that are not JSON, in the client), so every caller sees the same error type.
 */
export function createTransport(
  options: PetstoreClientOptions,
  retry: ResolvedRetry | null,
): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const attempt = createAttempt(send, options.timeoutMs);

  return async (request) => {
    const key = typeof options.apiKey === "function" ? await options.apiKey() : options.apiKey;
    if (typeof key !== "string" || key === "") {
      invalid("apiKey()", "a key", key);
    }
    request.headers.set("Authorization", `Bearer ${key}`);
    // Fetch normalises the standard methods to upper case.
    const { method, signal } = request;
    const attempts = retry && isRetriableMethod(method) ? retry.attempts : 1;
    for (let count = 1; ; count++) {
      signal.throwIfAborted();
      const last = count >= attempts;
      let response: Response;
      let text: string;
      try {
        [response, text] = await attempt(last ? request : request.clone(), signal);
      } catch (failure) {
        if (last || signal.aborted) {
          throw failure;
        }
        await sleep(backoffMs(retry!, count), signal);
        continue;
      }
      const asked = retryAfterMs(response.headers.get("Retry-After"));
      // Waiting less than the server asked would only fail again: such an answer is handed back.
      if (last || !isRetriableStatus(response.status) || (asked ?? 0) > retry!.maxDelayMs) {
        // The body was read within the attempt: the client, and any middleware, read it from here.
        response.text = async () => text;
        response.json = async () => JSON.parse(text);
        return response;
      }
      await sleep(asked ?? backoffMs(retry!, count), signal);
    }
  };
}
