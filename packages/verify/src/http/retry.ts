// A backend that says "too many requests" (429) is asked again after the `Retry-After` it names, a
// few times: its rate limit is no finding, and the run keeps its pace.

import type { ApiRequest, ApiResponse } from "./target.js";

const MAX_TRIES = 4;
/** The longest wait honoured, so a run never stalls on one answer. */
const MAX_WAIT_MS = 10_000;

/** The wait a `Retry-After` asks for: seconds, or an HTTP date; one second when it says neither. */
function waitOf(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  const ms = retryAfter && Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter ?? "") - Date.now();
  return Math.min(MAX_WAIT_MS, Number.isFinite(ms) && ms >= 0 ? ms : 1000);
}

/** Resolves after `ms`, or rejects with `stop`'s reason once it aborts. */
function sleep(ms: number, stop: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onStop = () => {
      clearTimeout(timer);
      reject(stop?.reason);
    };
    const timer = setTimeout(() => {
      stop?.removeEventListener("abort", onStop);
      resolve();
    }, ms);
    if (stop?.aborted) {
      onStop();
      return;
    }
    stop?.addEventListener("abort", onStop, { once: true });
  });
}

export function retryingTooManyRequests(send: (request: ApiRequest) => Promise<ApiResponse>) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    let response = await send(request);
    for (let tries = 1; response.status === 429 && tries < MAX_TRIES; tries++) {
      // A request given up on (`stop`) waits no longer.
      await sleep(waitOf(response.headers.get("retry-after")), request.stop);
      response = await send(request);
    }
    return response;
  };
}
