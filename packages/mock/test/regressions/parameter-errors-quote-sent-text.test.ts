import { it } from "vitest";
import { describeEachAdapter, expectError } from "../support/adapters.js";

// The bug: parameter errors echoed the parsed value, not the text sent:
// `/pets/9007199254740993` answered "(got 9007199254740992)" and a 400-digit id "(got null)".

const FOUR_HUNDRED_DIGITS = "1".repeat(400);

describeEachAdapter("a parameter error quotes the text that was sent", (adapter) => {
  it("an id past 2^53 is quoted digit for digit", async () => {
    const response = await adapter().request("/pets/9007199254740993");
    await expectError(
      response,
      400,
      "INVALID_PARAMETER",
      'path parameter petId must be at most 9007199254740991 (got "9007199254740993")',
    );
  });

  it("a 400-digit id is called too large and quoted shortened to 40 characters", async () => {
    const response = await adapter().request(`/pets/${FOUR_HUNDRED_DIGITS}`);
    await expectError(
      response,
      400,
      "INVALID_PARAMETER",
      `path parameter petId must be at most 9007199254740991 (got "${"1".repeat(40)}…")`,
    );
  });

  it("a query limit written as 1e400 is quoted as it was written", async () => {
    const response = await adapter().request("/pets?limit=1e400");
    await expectError(response, 400, "INVALID_PARAMETER", 'query parameter limit must be an integer (got "1e400")');
  });

  it("a query offset of 400 digits is quoted shortened", async () => {
    const response = await adapter().request(`/pets?offset=${FOUR_HUNDRED_DIGITS}`);
    await expectError(
      response,
      400,
      "INVALID_PARAMETER",
      `query parameter offset must be at most 9007199254740991 (got "${"1".repeat(40)}…")`,
    );
  });

  it("one item of a repeated query parameter is quoted as it was sent", async () => {
    const response = await adapter().request("/pets?id=1&id=9007199254740993");
    await expectError(
      response,
      400,
      "INVALID_PARAMETER",
      'query parameter id[1] must be at most 9007199254740991 (got "9007199254740993")',
    );
  });
});
