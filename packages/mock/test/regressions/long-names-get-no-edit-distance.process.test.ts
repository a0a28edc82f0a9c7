import { afterAll, beforeAll, describe, it } from "vitest";
import { type RunningPetstoreServer, startPetstoreServer } from "../../src/node.js";
import { expectQuickRefusal, LONG_NAMES } from "./long-named-state.js";

// Issue 47 (2) on node:http (see long-names-get-no-edit-distance.test.ts): a reset to a named state of 1 MiB
// is answered 400 at once, and a read of another session on another connection meanwhile is not held up.
let server: RunningPetstoreServer;
beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(() => server.close());

describe("a reset to a named state of 1 MiB on node:http", () => {
  it.each(LONG_NAMES)("(%s) answers 400 at once, and another session's reads go on", async (_, namedState) => {
    await expectQuickRefusal((request) => fetch(request), server.url, namedState);
  });
});
