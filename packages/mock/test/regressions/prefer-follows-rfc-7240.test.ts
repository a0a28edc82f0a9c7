import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "../support/adapters.js";

// The Prefer header used to be checked against a regular expression: any preference other than
// code and delay, a quoted value or a parameter got 400 with the pattern in the message.
describeEachAdapter("the Prefer header (RFC 7240)", (adapter) => {
  const get = (prefer: string) => adapter().request("/pets/1", { headers: { Prefer: prefer } });

  it("ignores preferences the mock does not implement", async () => {
    for (const prefer of ["return=minimal", "respond-async", "handling=lenient", "wait=5", "x-unknown", 'a="b, c"']) {
      const response = await get(prefer);
      expect({ prefer, status: response.status }).toEqual({ prefer, status: 200 });
      expect(await json(response)).toMatchObject({ id: 1 });
    }
  });

  it("matches code and delay case-insensitively, quoted or with parameters, the first of each counting", async () => {
    for (const prefer of [
      "Code=503",
      'code="503"',
      "code=503;reason=test",
      "return=minimal, CODE=503, delay=0",
      "code=503, code=500",
      'delay="0"; x=1, code=503',
    ]) {
      await expectError(await get(prefer), 503, "SERVICE_UNAVAILABLE", /simulated 503/);
    }
  });

  it("explains a malformed code or delay in words", async () => {
    await expectError(
      await get("code=abc"),
      400,
      "INVALID_PARAMETER",
      "Prefer: code=abc is not an HTTP status; use for example code=503",
    );
    await expectError(await get("code"), 400, "INVALID_PARAMETER", "Prefer: code is not an HTTP status");
    await expectError(
      await get("delay=soon"),
      400,
      "INVALID_PARAMETER",
      "Prefer: delay=soon is not a whole number of milliseconds; use for example delay=300",
    );
  });

  it("still refuses a status the operation does not document and a delay above the limit", async () => {
    await expectError(await get("code=418"), 400, "INVALID_PARAMETER", /code=418, which getPet does not document/);
    await expectError(await get("delay=60001"), 400, "INVALID_PARAMETER", /more than the limit of 60000 ms/);
  });
});
