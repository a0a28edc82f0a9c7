import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreFetch, DEMO_API_KEY } from "../../src/index.js";

// Found by the Jest example: a request with `Prefer: delay=5000` whose client gave up (an SDK time-out,
// a cancelled TanStack query) kept the mock sleeping for the whole delay, so the test runner waited for
// the timer before it could exit. Fix: the adapters hand the app the request's AbortSignal, and a
// `Prefer: delay` ends, with its timer cleared, as soon as the signal fires.
afterEach(() => {
  vi.useRealTimers();
});

describe("Prefer: delay and an aborted request", () => {
  it("clears the delay's timer once the client aborts", async () => {
    const petstoreFetch = createPetstoreFetch({ baseUrl: "http://127.0.0.1:4010" });
    await petstoreFetch.ready;
    vi.useFakeTimers();
    const client = new AbortController();
    const answer = petstoreFetch(
      new Request("http://127.0.0.1:4010/pets", {
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, Prefer: "delay=60000" },
        signal: client.signal,
      }),
    ).catch((error: unknown) => error);
    // Lets the request reach its delay: the only timer is the delay's.
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    client.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(await answer).toBeInstanceOf(Error);
  });
});
