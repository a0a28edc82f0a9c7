// Commands on categories: create, replace or update, delete; names unique case-insensitively.

import { limits } from "@petstore/contract";
import fc from "fast-check";
import { Base, type Command, choose, expectEqual, expectOutcome, json, type Pick, type Real, send } from "./command.js";
import { categoryBody, type Model, type ModelCategory } from "./model.js";

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const categoryName = fc.oneof(
  fc.constantFrom("Dogs", "dogs", "CATS", "Owls", "owls", "OWLS", "Newts", "newts", "Ferrets", "Straße", "STRASSE"),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}[A-Za-z0-9]$/),
);
const description = fc.option(fc.string({ maxLength: 40 }), { nil: undefined });

class CreateCategory extends Base {
  constructor(
    readonly name: string,
    readonly description: string | undefined,
  ) {
    super();
  }
  describe() {
    return `createCategory(${JSON.stringify(this.name)})`;
  }
  async run(model: Model, real: Real) {
    const body = { name: this.name, ...(this.description !== undefined ? { description: this.description } : {}) };
    const response = await send(model, real, "POST", "/categories", json(body));
    const taken = [...model.categories.values()].find((category) => sameName(category.name, this.name));
    this.ran = `${this.describe()} → ${response.status}`;
    if (taken) {
      return expectOutcome(this.ran, response, 409, "DUPLICATE_NAME");
    }
    if (model.categories.size >= limits.maxCategories) {
      return expectOutcome(this.ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(this.ran, response, 201);
    const created = response.json as ModelCategory;
    expectEqual(this.ran, created, { id: created.id, ...body });
    model.categories.set(created.id, created);
  }
}

class ChangeCategory extends Base {
  constructor(
    readonly pick: Pick,
    readonly name: string | undefined,
    readonly description: string | undefined,
    readonly replace: boolean,
  ) {
    super();
  }
  describe() {
    return `${this.replace ? "replaceCategory" : "updateCategory"}(${JSON.stringify(this.name)})`;
  }
  async run(model: Model, real: Real) {
    const id = choose(model.categories.keys(), model.gone.categories, this.pick);
    const name = this.name ?? (this.replace ? "Unnamed" : undefined);
    const body = this.replace
      ? { name, ...(this.description !== undefined ? { description: this.description } : {}) }
      : {
          ...(name !== undefined ? { name } : {}),
          ...(this.description !== undefined || name === undefined ? { description: this.description ?? "" } : {}),
        };
    const response = await send(model, real, this.replace ? "PUT" : "PATCH", `/categories/${id}`, json(body));
    this.ran = `${this.replace ? "replaceCategory" : "updateCategory"}(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    const category = model.categories.get(id);
    if (!category) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (
      body.name !== undefined &&
      [...model.categories.values()].some((other) => other.id !== id && sameName(other.name, body.name!))
    ) {
      return expectOutcome(this.ran, response, 409, "DUPLICATE_NAME");
    }
    expectOutcome(this.ran, response, 200);
    const next: ModelCategory = this.replace
      ? { id, ...(body as { name: string; description?: string }) }
      : { ...category, ...body };
    expectEqual(this.ran, response.json, categoryBody(next));
    model.categories.set(id, next);
  }
}

class DeleteCategory extends Base {
  constructor(readonly pick: Pick) {
    super();
  }
  describe() {
    return "deleteCategory";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.categories.keys(), model.gone.categories, this.pick);
    const response = await send(model, real, "DELETE", `/categories/${id}`);
    this.ran = `deleteCategory(${id}) → ${response.status}`;
    if (!model.categories.has(id)) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if ([...model.pets.values()].some((pet) => pet.categoryId === id)) {
      return expectOutcome(this.ran, response, 409, "CATEGORY_IN_USE");
    }
    expectOutcome(this.ran, response, 204);
    model.categories.delete(id);
    model.gone.categories.add(id);
  }
}

export const categoryCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc.tuple(categoryName, description).map(([name, text]) => new CreateCategory(name, text)),
  fc
    .tuple(pick, fc.option(categoryName, { nil: undefined }), description, fc.boolean())
    .map(([p, name, text, replace]) => new ChangeCategory(p, name, text, replace)),
  pick.map((p) => new DeleteCategory(p)),
];
