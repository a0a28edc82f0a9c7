import { describe, expect, it, vi } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";

// Found by the Jest example: a request with `Prefer: delay=5000` whose client gave up (an SDK time-out,
// a cancelled TanStack query) kept the mock sleeping for the whole delay, so the test runner waited for
// the timer before it could exit. Fix: the adapters hand the app the request's AbortSignal, and a
// `Prefer: delay` ends, with its timer cleared, as soon as the signal fires.
// The same over the standalone server's sockets (project `mock:process`); the in-process half is
// prefer-delay-ends-when-the-client-aborts.test.ts.

describe("Prefer: delay on the standalone server", () => {
  it("ends once the client closes the connection, instead of sleeping out the delay", async () => {
    const { startPetstoreServer } = await import("../../src/node.js");
    const server = await startPetstoreServer({ port: 0 });
    // Watches the app's answer to the request: it must come soon after the client leaves, not 60 s later.
    const handle = server.app.handle;
    let answered = false;
    Object.assign(server.app, {
      handle: (request: Parameters<typeof handle>[0]) =>
        handle(request).finally(() => {
          answered = true;
        }),
    });
    try {
      const client = new AbortController();
      const sent = fetch(`${server.url}/pets`, {
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, Prefer: "delay=60000" },
        signal: client.signal,
      }).catch((error: unknown) => error);
      setTimeout(() => client.abort(), 100);
      expect(await sent).toBeInstanceOf(Error);
      await vi.waitFor(() => expect(answered).toBe(true), { timeout: 5_000 });
    } finally {
      await server.close({ graceMs: 0 });
    }
  });
});
