import { afterEach, describe, expect, it } from "vitest";
import type { Pet } from "../../src/index.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";
import { json } from "../support/adapters.js";
import { until } from "../support/until.js";

// The bug: handlers returned the live store record and it was serialised later, so a
// response could show what a later request wrote: two concurrent PATCHes both answered the second
// name, a delayed PATCH answered a later write, a delayed list showed a pet no longer matching it.
// The standalone server's `delayMs` over its sockets (project `mock:process`); the behaviour suite
// through each adapter is response-shows-own-request-state.test.ts.

describe("startPetstoreServer({ delayMs }), the CLI's --delay", () => {
  let mock: RunningPetstoreServer | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it("answers a PATCH with its own write when a later PATCH lands during the delay", async () => {
    mock = await startPetstoreServer({ port: 0, delayMs: 1500 });
    const running = mock;
    const send = (name: string) =>
      fetch(`${running.url}/pets/2`, {
        method: "PATCH",
        headers: { Authorization: "Bearer petstore-demo-key", "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      });
    const first = send("Before");
    await until(async () => running.app.store.pets.get(2)?.name === "Before");
    const second = send("After");
    expect((await json<Pet>(await first)).name).toBe("Before");
    expect((await json<Pet>(await second)).name).toBe("After");
  });
});
