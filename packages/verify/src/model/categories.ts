// Commands on categories: create, replace or update, delete; names unique case-insensitively.

import { limits } from "@petstore/contract";
import fc from "fast-check";
import { aim, type Command, command, deleteCommand, expectEqual, expectOutcome, type Pick, send } from "./command.js";
import { categoryBody, type Model, type ModelCategory } from "./model.js";

/** Whether a category other than `id` has `name` (case-insensitively). */
const nameTaken = (model: Model, name: string | undefined, id?: number) =>
  [...model.categories.values()].some((other) => other.id !== id && other.name.toLowerCase() === name?.toLowerCase());

const categoryName = fc.oneof(
  fc.constantFrom("Dogs", "dogs", "CATS", "Owls", "owls", "OWLS", "Newts", "newts", "Ferrets", "Straße", "STRASSE"),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}[A-Za-z0-9]$/),
);
const description = fc.option(fc.string({ maxLength: 40 }), { nil: undefined });

export const createCategory = ({ name, description }: { name: string; description?: string }) =>
  command(`createCategory(${JSON.stringify(name)})`, async (model, real, did) => {
    const body = { name: model.name(name), description };
    const response = await send(model, real, "POST", "/categories", body);
    const ran = did(`createCategory(${JSON.stringify(body.name)}) → ${response.status}`);
    if (nameTaken(model, body.name)) {
      return expectOutcome(ran, response, 409, "DUPLICATE_NAME");
    }
    if (model.categories.size >= limits.maxCategories) {
      return expectOutcome(ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(ran, response, 201);
    const created = response.json as ModelCategory;
    expectEqual("model.record", ran, created, { id: created.id, ...body });
    model.categories.set(created.id, created);
    model.created("categories", created.id);
  });

/** replaceCategory (`replace`) or updateCategory of `category`: its new name and description, when given. */
export const changeCategory = ({
  category: pick,
  name: newName,
  description,
  replace = false,
}: {
  category: Pick;
  name?: string;
  description?: string;
  replace?: boolean;
}) => {
  const operation = replace ? "replaceCategory" : "updateCategory";
  return command(`${operation}(${JSON.stringify(newName)})`, async (model, real, did) => {
    const id = aim(model, "categories", pick);
    const name = newName !== undefined || replace ? model.name(newName ?? "Unnamed") : undefined;
    const body = replace
      ? { name, description }
      : {
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined || name === undefined ? { description: description ?? "" } : {}),
        };
    const response = await send(model, real, replace ? "PUT" : "PATCH", `/categories/${id}`, body);
    const ran = did(`${operation}(${id}, ${JSON.stringify(body)}) → ${response.status}`);
    const category = model.categories.get(id);
    if (!category) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    if (nameTaken(model, body.name, id)) {
      return expectOutcome(ran, response, 409, "DUPLICATE_NAME");
    }
    expectOutcome(ran, response, 200);
    const next: ModelCategory = replace
      ? { id, ...(body as { name: string; description?: string }) }
      : { ...category, ...body };
    expectEqual("model.record", ran, response.json, categoryBody(next));
    model.categories.set(id, next);
  });
};

/** deleteCategory: refused while pets are in it. */
export const deleteCategory = (pick: Pick) =>
  deleteCommand(
    pick,
    "categories",
    (model, id) => ([...model.pets.values()].some((pet) => pet.categoryId === id) ? "CATEGORY_IN_USE" : undefined),
    "pets.categoryId",
  );

export const categoryCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc.tuple(categoryName, description).map(([name, text]) => createCategory({ name, description: text })),
  // A replacement and a partial update, each an arbitrary of its own, so each is drawn as often as a create.
  ...[true, false].map((replace) =>
    fc
      .tuple(pick, fc.option(categoryName, { nil: undefined }), description)
      .map(([p, name, text]) => changeCategory({ category: p, name, description: text, replace })),
  ),
  pick.map(deleteCategory),
];
