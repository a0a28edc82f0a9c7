// In-process unit tests of the `Prefer` header's reading (RFC 7240; project `mock`).
import { describe, expect, it } from "vitest";
import { parsePrefer } from "./prefer.js";
import { matchRoute, type OperationDescription } from "./router.js";

const getPet = matchRoute("GET", "/pets/1").operation as OperationDescription;

describe("parsePrefer", () => {
  it("reads nothing from an absent or empty header", () => {
    expect(parsePrefer(null, getPet)).toEqual({});
    expect(parsePrefer("", getPet)).toEqual({});
  });

  it("reads code and delay, case-insensitively, quoted or not, ignoring parameters and empty elements", () => {
    expect(parsePrefer('Code="503"; foo=bar, , DELAY=250', getPet)).toEqual({ code: 503, delayMs: 250 });
  });

  it("ignores preferences it does not implement, and all but the first of a name", () => {
    expect(parsePrefer("return=minimal, code=404, code=503, delay=1, delay=2", getPet)).toEqual({
      code: 404,
      delayMs: 1,
    });
  });

  it("does not split inside quoted strings", () => {
    expect(parsePrefer('x="a,b;c", code=429', getPet)).toEqual({ code: 429 });
  });

  it("refuses a code that is not a status the operation documents", () => {
    expect(() => parsePrefer("code=abc", getPet)).toThrow("Prefer: code=abc is not an HTTP status");
    expect(() => parsePrefer("code=409", getPet)).toThrow("getPet does not document");
  });

  it("refuses a delay that is not a whole number of milliseconds up to the document's limit", () => {
    expect(() => parsePrefer("delay=1.5", getPet)).toThrow("is not a whole number of milliseconds");
    expect(() => parsePrefer("delay=60001", getPet)).toThrow("more than the limit of 60000 ms");
    expect(parsePrefer("delay=60000", getPet)).toEqual({ delayMs: 60000 });
  });
});
