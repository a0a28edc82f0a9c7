import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "./support/adapters.js";

describeEachAdapter("categories", (adapter) => {
  it("lists categories by ascending id with paging headers", async () => {
    const response = await adapter().request("/categories?limit=4");
    const categories = await json<{ id: number; name: string }[]>(response);
    expect(categories.map((category) => category.name)).toEqual(["Dogs", "Cats", "Rabbits", "Birds"]);
    expect(response.headers.get("X-Total-Count")).toBe("6");
    expect(response.headers.get("Link")).toBe(`<${adapter().baseUrl}/categories?limit=4&offset=4>; rel="next"`);
    const last = await adapter().request("/categories?limit=4&offset=4");
    expect(last.headers.get("Link")).toBe(`<${adapter().baseUrl}/categories?limit=4&offset=0>; rel="prev"`);
  });

  it("creates a category with 201 and Location, and refuses a duplicate name in any case", async () => {
    const response = await adapter().request("/categories", { method: "POST", json: { name: "Hamsters" } });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ id: 7, name: "Hamsters" });
    expect(response.headers.get("Location")).toBe(`${adapter().baseUrl}/categories/7`);
    const duplicate = await adapter().request("/categories", { method: "POST", json: { name: "  dOGS " } });
    await expectError(duplicate, 409, "DUPLICATE_NAME", /category 1/);
  });

  it("limits descriptions to 500 characters", async () => {
    const long = { name: "Ferrets", description: "x".repeat(501) };
    await expectError(
      await adapter().request("/categories", { method: "POST", json: long }),
      400,
      "INVALID_FIELD",
      /body\.description/,
    );
  });

  it("replaces a category, keeping its own name free, and removes an omitted description", async () => {
    const response = await adapter().request("/categories/1", { method: "PUT", json: { name: "DOGS" } });
    expect(await json(response)).toEqual({ id: 1, name: "DOGS" });
    const taken = await adapter().request("/categories/1", { method: "PUT", json: { name: "cats" } });
    await expectError(taken, 409, "DUPLICATE_NAME");
  });

  it("updates some fields of a category", async () => {
    const response = await adapter().request("/categories/2", { method: "PATCH", json: { description: "Purr." } });
    expect(await json(response)).toEqual({ id: 2, name: "Cats", description: "Purr." });
    await expectError(await adapter().request("/categories/2", { method: "PATCH", json: {} }), 400, "INVALID_BODY");
    await expectError(
      await adapter().request("/categories/99", { method: "PATCH", json: { name: "X" } }),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses to delete a category in use, and deletes an unused one", async () => {
    await expectError(
      await adapter().request("/categories/1", { method: "DELETE" }),
      409,
      "CATEGORY_IN_USE",
      /used by \d+ pets?/,
    );
    expect((await adapter().request("/categories/6", { method: "DELETE" })).status).toBe(204);
    await expectError(await adapter().request("/categories/6"), 404, "NOT_FOUND", "category 6 does not exist");
  });
});
