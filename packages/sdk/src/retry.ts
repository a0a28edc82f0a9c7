import { invalid } from "./invalid.js";

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** Delay before the first retry, doubled for each further one, with jitter (default 200 ms). */
  baseDelayMs?: number;
  /** The longest wait before a retry; a `Retry-After` longer than this is not waited for (default 10,000 ms). */
  maxDelayMs?: number;
}

export type ResolvedRetry = Required<RetryOptions>;

export function resolveRetry(retry: boolean | RetryOptions | undefined): ResolvedRetry | null {
  if (!retry) {
    return null;
  }
  // `true` spreads to nothing: the defaults.
  const resolved = { attempts: 3, baseDelayMs: 200, maxDelayMs: 10_000, ...(retry as RetryOptions) };
  for (const [name, value] of Object.entries(resolved)) {
    const min = name === "attempts" ? 1 : 0;
    if (!(value >= min) || !Number.isFinite(value)) {
      invalid(`retry.${name}`, `a number ≥ ${min}`, value);
    }
  }
  return resolved;
}

/** Methods that are safe to send twice. POST and PATCH never are. */
export const isRetriableMethod = (method: string) => ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"].includes(method);
export const isRetriableStatus = (status: number) => status === 429 || status === 503;

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) {
    return undefined;
  }
  const seconds = Number(header);
  const ms = Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** Exponential backoff with jitter: half the nominal delay plus a random half. */
export function backoffMs(retry: ResolvedRetry, attempt: number): number {
  const nominal = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return nominal / 2 + Math.random() * (nominal / 2);
}
