// The validation messages (src/runtime/describe-validation-error.ts, copied into the SDK and the mock)
// echo at most 40 characters of a value or a name the sender chose, and cost no memory in proportion
// to it (issue 35, item 3): a field of tens of millions of characters once made the message builder
// copy it into an array of characters, and a mock under a 1 GiB heap ran out of memory.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  describeBodyError,
  describeParameterError,
  type ValidationError,
} from "../src/runtime/describe-validation-error.js";
import { shorten } from "../src/runtime/shorten.js";

const enumError: ValidationError = {
  instancePath: "/format",
  keyword: "enum",
  params: { allowedValues: ["petstore-snapshot"] },
};

describe("shorten", () => {
  it("keeps 40 code points, never splitting a character made of two UTF-16 units", () => {
    expect(shorten("😀".repeat(41))).toBe(`${"😀".repeat(40)}…`);
    expect(shorten("😀".repeat(40))).toBe("😀".repeat(40));
    expect(shorten("a".repeat(40))).toBe("a".repeat(40));
    expect(shorten(`${"a".repeat(39)}\ud800b`)).toBe(`${"a".repeat(39)}\ud800…`);
    expect(shorten("")).toBe("");
  });

  it("names an unknown field or parameter in at most 40 characters", () => {
    const long = "k".repeat(1_000);
    const field = describeBodyError(
      { instancePath: "", keyword: "additionalProperties", params: { additionalProperty: long } },
      {},
      ["name"],
      {},
    );
    expect(field.message).toBe(`body.${"k".repeat(40)}… is not a field of this body; the fields are: name`);
    const parameter = describeParameterError(
      { instancePath: "", keyword: "additionalProperties", params: { additionalProperty: long } },
      "query parameter",
      {},
      {},
    );
    expect(parameter.message).toBe(`query parameter ${"k".repeat(40)}… is not defined`);
  });
});

describe("a value of tens of millions of characters", () => {
  it("is described under a 96 MiB heap, in a message of 40 of its characters", () => {
    // The module and the shorten.ts it imports, as Node runs them (type annotations removed, the import taken out
    // for the one script), then a 40-million-character value: a copy into an array of characters would need about
    // 320 MB, far past the child's heap.
    const transpiled = (file: string) =>
      ts.transpileModule(readFileSync(new URL(`../src/runtime/${file}`, import.meta.url), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
    const module =
      transpiled("shorten.ts") +
      transpiled("describe-validation-error.ts").replace(/^import .*"\.\/shorten\.js";$/m, "");
    const check = `
      const value = Buffer.alloc(40_000_000, "x").toString("latin1");
      const error = ${JSON.stringify(enumError)};
      const body = describeBodyError(error, { format: value }, ["format"], {});
      const maxLength = describeBodyError({ ...error, keyword: "maxLength", params: { limit: 100 } }, { format: value }, ["format"], {});
      const parameter = describeParameterError({ ...error, instancePath: "/name" }, "query parameter", { name: value }, {});
      process.stdout.write(JSON.stringify([body.message, maxLength.message, parameter.message]));
    `;
    const child = spawnSync(
      process.execPath,
      ["--max-old-space-size=96", "--input-type=module", "-e", module + check],
      {
        encoding: "utf8",
      },
    );
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    const echo = `(got "${"x".repeat(40)}…")`;
    expect(JSON.parse(child.stdout)).toEqual([
      `body.format must be one of: petstore-snapshot ${echo}`,
      "body.format must be at most 100 characters long",
      `query parameter name must be one of: petstore-snapshot ${echo}`,
    ]);
  });
});
