// In-process unit tests of the router (project `mock`): which operation a method and path reach.
import { describe, expect, it } from "vitest";
import { matchRoute } from "./router.js";

describe("matchRoute", () => {
  it("finds the operation and its path parameters, percent-decoded", () => {
    const match = matchRoute("GET", "/pets/12");
    expect(match.operation?.operationId).toBe("getPet");
    expect(match).toMatchObject({ pathParams: { petId: "12" } });
    expect(matchRoute("GET", "/pets/a%20b")).toMatchObject({ pathParams: { petId: "a b" } });
  });

  it("leaves a malformed escape as it is, for the validator to name", () => {
    expect(matchRoute("GET", "/pets/%E0%A4%A")).toMatchObject({ pathParams: { petId: "%E0%A4%A" } });
  });

  it("routes HEAD to the path's GET operation", () => {
    expect(matchRoute("HEAD", "/store/inventory").operation?.operationId).toBe("listInventory");
  });

  it("names the methods a path allows, sorted, with HEAD beside GET, when the method has no operation", () => {
    expect(matchRoute("POST", "/pets/1")).toEqual({
      operation: undefined,
      allowedMethods: ["DELETE", "GET", "HEAD", "PATCH", "PUT"],
    });
  });

  it("answers no operation and no methods for a path the document lacks", () => {
    expect(matchRoute("GET", "/owners")).toEqual({ operation: undefined, allowedMethods: [] });
    expect(matchRoute("GET", "/pets/")).toEqual({ operation: undefined, allowedMethods: [] });
    expect(matchRoute("GET", "/pets/1/extra")).toEqual({ operation: undefined, allowedMethods: [] });
  });
});
