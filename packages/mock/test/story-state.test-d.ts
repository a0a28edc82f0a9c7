import { describe, expectTypeOf, it } from "vitest";
import { petstoreState } from "../src/index.js";

// Compile-time checks, run by vitest's typecheck: each @ts-expect-error must be an error. Nothing here runs.
describe("petstoreState", () => {
  it("types the store edits and the overrides from the document", () => {
    petstoreState({
      arrange(store) {
        const rex = store.pets.get(1);
        expectTypeOf(rex?.status).toEqualTypeOf<"available" | "pending" | "sold" | undefined>();
        if (rex) {
          // @ts-expect-error: not a PetStatus of the document
          store.pets.update(rex, { status: "lost" });
        }
      },
      overrides: (petstore) => [
        // @ts-expect-error: not a path of the document
        petstore.get("/animals", () => undefined),
        // @ts-expect-error: 418 is not a status GET /pets/{petId} documents
        petstore.get("/pets/{petId}", ({ reply }) => reply(418)),
      ],
    });
    // @ts-expect-error: seed takes seed()'s options or false
    petstoreState({ seed: true });
  });
});
