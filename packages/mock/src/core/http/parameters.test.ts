// In-process unit tests of path and query parameter parsing (project `mock`).
import { describe, expect, it } from "vitest";
import { coerceQueryParameters, parsePathParameters, parseQueryParameters } from "./parameters.js";
import { refusalOf } from "./refusal-words.js";
import { RefusedValue } from "./refused-value.js";
import { matchRoute, type OperationDescription } from "./router.js";

const listPets = matchRoute("GET", "/pets").operation as OperationDescription;
const getPet = matchRoute("GET", "/pets/1").operation as OperationDescription;
const query = (text: string) => new URLSearchParams(text);

/** The message of the 400 that answers what `parse` refused (a value its validator refused, in words). */
function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof RefusedValue) {
      return refusalOf(error).message;
    }
    throw error;
  }
  throw new Error("nothing was refused");
}

describe("parsePathParameters", () => {
  it("turns a path parameter into its schema's type", () => {
    expect(parsePathParameters(getPet, { petId: "12" })).toEqual({ petId: 12 });
  });

  it("takes only plain decimal digits as an integer, naming the parameter otherwise", () => {
    for (const raw of ["0x0c", "1e1", " 12", "12.0"]) {
      expect(
        refusal(() => parsePathParameters(getPet, { petId: raw })),
        raw,
      ).toBe(`path parameter petId must be an integer (got ${JSON.stringify(raw)})`);
    }
  });
});

describe("parseQueryParameters", () => {
  it("coerces each value, keeps every value of an array parameter, and fills in defaults", () => {
    expect(parseQueryParameters(listPets, query("status=available&status=sold&categoryId=2"))).toEqual({
      status: ["available", "sold"],
      categoryId: 2,
      limit: 20,
      offset: 0,
    });
  });

  it("refuses a name the operation does not define, listing the ones it takes", () => {
    expect(() => parseQueryParameters(listPets, query("colour=red"))).toThrow(
      "query parameter colour is not defined for listPets; it takes status, categoryId, name, id, limit, offset",
    );
  });

  it("refuses a parameter that is not an array given more than once", () => {
    expect(() => parseQueryParameters(listPets, query("limit=1&limit=2"))).toThrow(
      "query parameter limit must be given once, not 2 times",
    );
  });

  it("refuses values outside the schema, naming the parameter", () => {
    expect(refusal(() => parseQueryParameters(listPets, query("limit=101")))).toBe(
      'query parameter limit must be at most 100 (got "101")',
    );
    expect(refusal(() => parseQueryParameters(listPets, query("status=lost")))).toMatch(
      /^query parameter status\[0\] must be one of: available, pending, sold/,
    );
  });
});

describe("coerceQueryParameters", () => {
  it("leaves out names the operation does not define and does not validate", () => {
    expect(coerceQueryParameters(listPets, query("colour=red&limit=1000&id=3&id=x"))).toEqual({
      limit: 1000,
      id: [3, "x"],
    });
  });

  it("keeps digits past a double's range past every limit rather than Infinity", () => {
    expect(coerceQueryParameters(listPets, query(`offset=${"9".repeat(400)}`))).toEqual({ offset: Number.MAX_VALUE });
  });
});
