// The README's examples show the current API (issue 48, item 7f): no code block calls an operation the document
// deprecates (getPet, GET /pets/{petId}, sunset 2027-06-30), whose replacement (`x-replaced-by`) is the way to go.
import { readFileSync } from "node:fs";
import { operations } from "@petstore/contract";
import { expect, it } from "vitest";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...README.matchAll(/```(?:ts|tsx)\n([\s\S]*?)```/g)].map((match) => match[1]!);

it("calls no deprecated operation in its examples", () => {
  const deprecated = operations.filter((operation) => operation.deprecated);
  expect(deprecated.map((operation) => operation.operationId)).toContain("getPet");
  expect(blocks.length).toBeGreaterThan(3);
  const calls = deprecated.flatMap((operation) => {
    const call = `"${operation.method.toLowerCase()}", "${operation.path}"`;
    return blocks
      .filter((block) => block.includes(call))
      .map((block) => `${operation.operationId}: ${block.split("\n")[0]}`);
  });
  expect(calls).toEqual([]);
});
