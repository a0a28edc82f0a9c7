import { FormApi } from "@tanstack/form-core";
import { describe, expect, it } from "vitest";
import { NewPet } from "../src/schemas.js";

// The schemas plug into a form library through Standard Schema alone: TanStack Form's core (the same
// in React, Vue, Solid, Svelte and Angular) takes NewPet as a validator and files each issue under its field.
describe("@petstore/sdk/schemas in TanStack Form", () => {
  it("files each issue under its field with the API's message, clears it once fixed, then submits", async () => {
    let submitted: unknown;
    const form = new FormApi({
      defaultValues: { name: "Rex", categoryId: 1 },
      validators: { onChange: NewPet },
      onSubmit: ({ value }) => {
        submitted = value;
      },
    });
    form.mount();
    const errorsOf = (field: "name" | "categoryId") =>
      (form.getFieldMeta(field)?.errors ?? []).map((error) => (error as { message: string }).message);

    form.setFieldValue("name", "");
    form.setFieldValue("categoryId", 0);
    expect(errorsOf("name")).toEqual(['body.name must be at least 1 character long (got "")']);
    expect(errorsOf("categoryId")).toEqual(["body.categoryId must be at least 1 (got 0)"]);
    expect(form.state.canSubmit).toBe(false);

    form.setFieldValue("name", "Bella");
    form.setFieldValue("categoryId", 2);
    expect([errorsOf("name"), errorsOf("categoryId")]).toEqual([[], []]);
    await form.handleSubmit();
    expect(submitted).toEqual({ name: "Bella", categoryId: 2 });
  });
});
