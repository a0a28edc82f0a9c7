import { describe, expectTypeOf, it } from "vitest";
import { createPetstoreApp, type ScenarioChoice } from "../src/index.js";

// Compile-time checks (see store.test-d.ts): nothing here runs. An outcome's status is a number (issue 47).
describe("scenarios.choose", () => {
  it("takes a status that is a number, not a string, an array or an object", () => {
    expectTypeOf<ScenarioChoice["status"]>().toEqualTypeOf<number>();
    const { scenarios } = createPetstoreApp();
    scenarios.choose("listPets", { status: 503 });
    // @ts-expect-error: "503" is a string; the Error body's status is a number.
    scenarios.choose("listPets", { status: "503" });
    // @ts-expect-error: not an array.
    scenarios.choose("listPets", { status: [503] });
    // @ts-expect-error: not an object, whatever its value.
    scenarios.choose("listPets", { status: { valueOf: () => 503 } });
    // @ts-expect-error: only the document's operations.
    scenarios.choose("getPets", { status: 404 });
  });
});
