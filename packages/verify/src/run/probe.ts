// The first request of a run: is the backend there, and does it take the key? If not, the run
// cannot go on (`CannotRun`, exit status 2) and says what to fix.

import { BodyTooLargeError, DeadlineError } from "../http/deadline.js";
import type { ApiResponse, Target } from "../http/target.js";
import { CannotRun } from "../report.js";

/**
 * A fetch that failed on the network, timed out, or answered more than a run reads (not an answer the model
 * could not read): the run cannot go on.
 */
export const isNetworkError = (error: unknown) =>
  (error instanceof TypeError && error.cause !== undefined) ||
  (error as Error | undefined)?.name === "TimeoutError" ||
  error instanceof BodyTooLargeError;

/** The cause of a failed fetch, as one line (`connect ECONNREFUSED 127.0.0.1:9`). */
export function causeOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  if ((error as Error).name === "TimeoutError") {
    // Ours names the request and the time it was given.
    return error instanceof DeadlineError ? error.message : "no answer in time";
  }
  return cause?.message ?? cause?.code ?? (error as Error).message ?? String(error);
}

export async function probe(target: Target): Promise<void> {
  const url = "/pets?limit=1";
  let response: ApiResponse;
  try {
    response = await target.send({ method: "GET", url });
  } catch (error) {
    if (error instanceof CannotRun) {
      throw error;
    }
    throw new CannotRun(`cannot reach ${target.baseUrl}: ${causeOf(error)}`);
  }
  if (response.status === 401) {
    throw new CannotRun(
      `the backend refused the key on every request (GET ${target.baseUrl}${url} answered 401): check the API key`,
    );
  }
  if (response.status !== 200) {
    throw new CannotRun(
      `GET ${target.baseUrl}${url} answered ${response.status}, not 200: is ${target.baseUrl} the API's base URL?`,
    );
  }
}
