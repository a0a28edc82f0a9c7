// Issue 47: a list page with a record that is not an object (null, a number) made the checker throw in its
// order check ("Cannot read properties of null (reading 'id')"), which stopped a whole capture. The schema
// reports such a record; the order check must not throw on it.
import { expect, it } from "vitest";
import { checkExchange } from "../src/checker/index.js";

it.each([null, 7, "pet", ["x"]])("reports a page record %j without throwing", (record) => {
  const body = [{ id: 1, name: "Rex", categoryId: 1, status: "available" }, record];
  const violations = checkExchange({
    method: "GET",
    path: "/pets",
    query: new URLSearchParams("limit=100"),
    status: 200,
    header: (name) => ({ "content-type": "application/json", "x-total-count": "2" })[name] ?? null,
    body: undefined,
    raw: { text: JSON.stringify(body), contentType: "application/json" },
  });
  expect(violations.map((violation) => violation.where)).toContain("body/1");
});
