// The two helpers every exchange goes through: an answer's JSON, refused past the document's nesting however
// short its text (parsed first, then measured), and `canonical`, JSON with its keys in `localeCompare` order
// (sorted once per list of keys, not per object).
import { describe, expect, it } from "vitest";
import { parsed } from "../src/http/json-body.js";
import { canonical } from "../src/model/diff.js";

/** `canonical` as it was first written: a sort per object, a `localeCompare` per comparison. */
const canonicalByLocaleCompare = (value: unknown): string =>
  JSON.stringify(value, (_key, node) =>
    node && typeof node === "object" && !Array.isArray(node)
      ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => a.localeCompare(b)))
      : node,
  );

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("an answer's JSON", () => {
  it("is refused past 32 levels, valid or not, however short its text", () => {
    expect(parsed(nested(32), "GET /pets")).toEqual(JSON.parse(nested(32)));
    expect(() => parsed(nested(33), "GET /pets")).toThrow("GET /pets: the answer nests deeper than 32 levels; refused");
    expect(() => parsed(`{"a":${nested(33)}`, "GET /pets/1")).toThrow("nests deeper than 32 levels");
    expect(() => parsed(`{"a":${"[".repeat(40)}`, "GET /pets/1")).toThrow("nests deeper than 32 levels");
  });

  it("is undefined when empty or not JSON, and as parsed otherwise", () => {
    expect(parsed("", "GET /pets")).toBeUndefined();
    expect(parsed("<html>", "GET /pets")).toBeUndefined();
    expect(parsed(`"[[[["`, "GET /pets")).toBe("[[[[");
    expect(parsed("null", "GET /pets")).toBeNull();
    expect(parsed('{"__proto__":{"a":1}}', "GET /pets")).toEqual(JSON.parse('{"__proto__":{"a":1}}'));
  });
});

describe("canonical", () => {
  it("orders keys as localeCompare does, at every level, whatever order they came in", () => {
    const values: unknown[] = [
      JSON.parse('{"b":1,"A":2,"a":[{"z":1,"Z":2,"_":3,"10":4,"2":5,"é":6,"e":7}],"__proto__":{"y":1,"x":2}}'),
      { a: undefined, b: () => 1, c: new Date(0), d: new Map([[1, 2]]), e: [undefined, Number.NaN], f: null },
      { "a\u0000b": 1, c: 2 },
      { a: 1, "b\u0000c": 2 },
      { b: 2, a: 1 },
      { a: 1, b: 2 },
      [1, "x", null, { y: 1, x: 2 }],
      "text",
      7,
      {
        toJSON: 1,
        b: -0,
        a: 1e21,
        c: "\ud800",
        d: Object.assign(new Array(3), { 0: 1, 2: 3 }),
        e: Object.assign(Object.create(null), { y: 1, x: 2 }),
      },
      { b: new String("boxed"), a: Number.POSITIVE_INFINITY, c: { toJSON: () => "made" } },
      JSON.parse(`${'{"b":1,"a":'.repeat(70)}0${"}".repeat(70)}`),
      undefined,
    ];
    for (const value of [...values, ...values]) {
      expect(canonical(value)).toBe(canonicalByLocaleCompare(value));
    }
    expect(canonical({ b: 1, a: { d: 1, c: 2 } })).toBe(canonical({ a: { c: 2, d: 1 }, b: 1 }));
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { cycle };
    // Either way no text: a TypeError once JSON.stringify meets the same object again, or the stack's end.
    expect(() => canonical(cycle)).toThrow();
  });
});
