import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "../support/adapters.js";

// Issue 47 (8): `scenarios.choose("listPets", { status: "503" })` was accepted (so were [503] and an object
// whose value is 503: the lookup was by String(status)), and the next GET /pets answered 503 with the Error
// body's status "503", a string the document's Error schema refuses. "__proto__", "constructor" and
// "toString" found Object.prototype's members and failed with "codes.includes is not a function". Fix: a
// status is an integer the document lists for the operation, looked up among own keys only.
const notStatuses: [string, unknown][] = [
  ["a string", "503"],
  ["an array", [503]],
  ["an object that reads as 503", { toString: () => "503" }],
  ["__proto__", "__proto__"],
  ["constructor", "constructor"],
  ["toString", "toString"],
  ["a fraction", 503.5],
  ["a long string", "5".repeat(10_000)],
];

describeEachAdapter("an outcome's status", (adapter) => {
  it.each(notStatuses)("is refused when it is %s, naming the statuses the operation documents", async (_, status) => {
    const choose = () => adapter().app.scenarios.choose("listPets", { status } as never);
    expect(choose).toThrow(TypeError);
    expect(choose).toThrow(/listPets does not document status .{1,48}; it documents 400, 401, 429, 500, 503, 507/);
    expect(adapter().app.scenarios.list()).toEqual([]);
    const response = await adapter().request("/pets?limit=1");
    expect(response.status).toBe(200);
    await json(response);
  });

  it("is the number in the Error body of the answer it chooses", async () => {
    adapter().app.scenarios.choose("listPets", { status: 503 });
    const body = await expectError(await adapter().request("/pets"), 503, "SERVICE_UNAVAILABLE");
    expect(body.status).toBe(503);
  });
});

it("quotes at most 40 characters of what was passed", async () => {
  const { createPetstoreApp } = await import("../../src/index.js");
  const { scenarios } = createPetstoreApp();
  const message = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("accepted");
  };
  const long = "x".repeat(10_000);
  expect(message(() => scenarios.choose(long as "listPets", { status: 503 }))).toContain(`"${"x".repeat(40)}…"`);
  expect(message(() => scenarios.choose("listPets", { status: 503, code: long as never }))).toContain(
    `not "${"x".repeat(40)}…"`,
  );
  expect(message(() => scenarios.choose("listPets", { status: 503, times: long as never })).length).toBeLessThan(200);
});
