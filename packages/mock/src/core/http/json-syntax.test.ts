import { describe, expect, it } from "vitest";
import { jsonSyntaxError } from "./json-syntax.js";

describe("jsonSyntaxError", () => {
  it("says where a body stops being JSON and what was expected, in the same words on every engine", () => {
    expect(jsonSyntaxError('{"name": "Rex",')).toBe(
      "expected a property name in double quotes at position 15 (line 1, column 16), found the end of the body",
    );
    expect(jsonSyntaxError('{"a" 1}')).toBe('expected ":" at position 5 (line 1, column 6), found "1"');
    expect(jsonSyntaxError("[1 2]")).toBe('expected "," or "]" at position 3 (line 1, column 4), found "2"');
    expect(jsonSyntaxError("[1,2,]")).toBe('expected a value at position 5 (line 1, column 6), found "]"');
    expect(jsonSyntaxError('{\n  "a": tru}')).toBe('expected a value at position 9 (line 2, column 8), found "t"');
    expect(jsonSyntaxError('{"a":1}}')).toBe(
      'expected the end of the body at position 7 (line 1, column 8), found "}"',
    );
    expect(jsonSyntaxError("")).toBe("expected a value at position 0 (line 1, column 1), found the end of the body");
    expect(jsonSyntaxError('"\\x"')).toBe('expected a value at position 0 (line 1, column 1), found "\\""');
  });

  it("finds nothing wrong in what JSON.parse takes, however deeply nested", () => {
    for (const text of [
      "{}",
      "[[],{}]",
      ' {"a": [1, -2.5e3, true, null, "\\u00e9"]} ',
      "[".repeat(100_000) + "]".repeat(100_000),
    ]) {
      expect(jsonSyntaxError(text), text.slice(0, 20)).toBeUndefined();
    }
  });
});
