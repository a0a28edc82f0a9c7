// Pacing: at most `rate` requests per second, so a run never floods a shared backend.

/** A `wait` for the sender: each call resolves at the next free slot, slots 1/rate seconds apart. */
export function pacer(rate: number): () => Promise<void> {
  const gapMs = 1000 / rate;
  let next = 0;
  return () => {
    const now = performance.now();
    const slot = Math.max(now, next);
    next = slot + gapMs;
    const delay = slot - now;
    return delay < 1 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, delay));
  };
}
