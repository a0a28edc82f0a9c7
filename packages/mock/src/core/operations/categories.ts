import { assertRoom, MockApiError, notFound } from "../http/errors.js";
import { locationOf } from "../http/location.js";
import { insertNow } from "../store/insert-now.js";
import type { Category } from "../store/records.js";
import { normalizeCategoryName, type PetstoreStore } from "../store/store.js";
import type { OperationHandlers } from "./context.js";
import { listPage } from "./list-page.js";

function findCategory(store: PetstoreStore, categoryId: number): Category {
  const category = store.categories.get(categoryId);
  if (!category) {
    throw notFound("category", categoryId);
  }
  return category;
}

function assertNameFree(store: PetstoreStore, name: string, selfId?: number): void {
  for (const id of store.categories.keysWhere("name", normalizeCategoryName(name)).ascending()) {
    if (id !== selfId) {
      throw new MockApiError(
        409,
        "DUPLICATE_NAME",
        `body.name ${JSON.stringify(name)} is already used by category ${id} (names are compared case-insensitively)`,
      );
    }
  }
}

export const categoryOperations = {
  listCategories(context) {
    return listPage(context, context.store.categories);
  },

  createCategory({ store, body, baseUrl }) {
    assertNameFree(store, body.name);
    assertRoom(store.categories, "categories");
    const category = insertNow(store.categories, {
      name: body.name,
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return { status: 201, headers: { Location: locationOf(baseUrl, "createCategory", category.id) }, body: category };
  },

  getCategory({ store, path }) {
    return { status: 200, body: findCategory(store, path.categoryId) };
  },

  replaceCategory({ store, path, body }) {
    const category = findCategory(store, path.categoryId);
    assertNameFree(store, body.name, category.id);
    store.categories.update(category, { name: body.name, description: body.description });
    return { status: 200, body: category };
  },

  updateCategory({ store, path, body }) {
    const category = findCategory(store, path.categoryId);
    if (body.name !== undefined) {
      assertNameFree(store, body.name, category.id);
    }
    store.categories.update(category, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return { status: 200, body: category };
  },

  deleteCategory({ store, path }) {
    const category = findCategory(store, path.categoryId);
    const users = store.pets.keysWhere("categoryId", category.id);
    if (users.size > 0) {
      const examples = [...users.ascending()].slice(0, 3);
      throw new MockApiError(
        409,
        "CATEGORY_IN_USE",
        `category ${category.id} is used by ${users.size} pet${users.size > 1 ? "s" : ""} (${examples.join(", ")}${users.size > 3 ? ", …" : ""}); move or delete them first`,
      );
    }
    store.categories.remove(category);
    return { status: 204 };
  },
} satisfies Partial<OperationHandlers>;
