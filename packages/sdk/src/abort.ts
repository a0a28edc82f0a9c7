// Waiting that the caller's AbortSignal cuts short.

/** Waits, unless the caller aborts first; either way, no timer is left running. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return raceAbort(waited, signal).finally(() => clearTimeout(timer));
}

/**
 * Settles as `pending` does, or rejects when `signal` aborts first, with its reason. `keepAlive` is held until
 * then (Node 20's fetch links a Request's signal only weakly), and is the rejection if the signal has no reason.
 */
export function raceAbort<T>(pending: Promise<T>, signal: AbortSignal, keepAlive?: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? keepAlive);
    if (signal.aborted) {
      onAbort();
    }
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
