import { expect, it } from "vitest";
import { describeEachAdapter, expectError } from "../support/adapters.js";

// A malformed escape in a path parameter used to throw URIError out of the router: a 500.
describeEachAdapter("malformed percent-encoding in a path", (adapter) => {
  it("answers 400 naming the parameter, not 500", async () => {
    await expectError(await adapter().request("/pets/%E0%A4%A"), 400, "INVALID_PARAMETER", /path parameter petId/);
  });

  it("decodes a well-formed escape", async () => {
    expect((await adapter().request("/pets/%31")).status).toBe(200);
  });
});
