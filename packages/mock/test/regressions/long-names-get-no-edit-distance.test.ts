import { describe, expect, it } from "vitest";
import { closestFlag, closestName } from "../../src/core/generated/did-you-mean.js";
import { createPetstoreFetch, createPetstoreFetchHandler } from "../../src/index.js";
import { parseOptions } from "../../src/node/cli-options.js";
import { expectQuickRefusal, LONG_NAMES, MiB } from "./long-named-state.js";

// Issue 47 (2): `POST /__petstore/sessions/x/reset` with `{ "namedState": "=" × 80,000 + "\n" }` held another
// session's `GET /pets` for 3.4 s: the "did you mean" cut the name with /=.*$/ (time the square of its length on
// a line of "=") and then filled an edit-distance table over all of it. A 1 MiB name blocked the server for
// minutes, and the 400 quoted every character of it. Fix: a name longer than any known one could be a typo of
// is not compared (closestName, the one suggestion of the CLI and the mock), and the quote is 40 characters.
describe("a reset to a named state of 1 MiB on the Fetch handler", () => {
  it.each(LONG_NAMES)("(%s) answers 400 at once, and another session's reads go on", async (_, namedState) => {
    await expectQuickRefusal(createPetstoreFetchHandler(), "http://127.0.0.1:4010", namedState);
  });
});

it("the in-process API and the CLI refuse a name of 1 MiB at once, quoting 40 characters", () => {
  const name = `${"=".repeat(MiB)}\n`;
  const started = performance.now();
  expect(() => createPetstoreFetch({ namedState: name as "demo" })).toThrow(/^"={40}…" is not a named state/);
  expect(() => parseOptions(["--named-state", name])).toThrow(/\(got "={40}…"\)$/);
  expect(closestFlag(`--${"=".repeat(MiB)}`, ["port", "host"])).toBeUndefined();
  expect(closestName("x".repeat(MiB), ["demo"])).toBeUndefined();
  expect(performance.now() - started).toBeLessThan(2_000);
});

it("still suggests the name a typo was meant to be", () => {
  expect(closestName("busy-order", ["many", "busy-orders"])).toBe("busy-orders");
  expect(closestName("Sold-Out", ["sold-out"])).toBe("sold-out");
  expect(closestFlag("--Port=80", ["port", "host"])).toBe("--port");
  expect(() => createPetstoreFetch({ namedState: "sold-ou" as "demo" })).toThrow(/did you mean sold-out\?/);
});
