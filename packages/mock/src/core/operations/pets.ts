import { assertRoom, MockApiError, notFound } from "../http/errors.js";
import { locationOf } from "../http/location.js";
import { insertNow } from "../store/insert-now.js";
import type { Pet } from "../store/records.js";
import type { PetstoreStore } from "../store/store.js";
import type { OperationHandlers } from "./context.js";
import { listPage } from "./list-page.js";
import { assertManualTransition, openOrderIds, setPetStatus } from "./pet-state.js";

function findPet(store: PetstoreStore, petId: number): Pet {
  const pet = store.pets.get(petId);
  if (!pet) {
    throw notFound("pet", petId);
  }
  return pet;
}

function assertCategoryExists(store: PetstoreStore, categoryId: number): void {
  if (!store.categories.get(categoryId)) {
    throw new MockApiError(
      422,
      "UNKNOWN_REFERENCE",
      `body.categoryId refers to category ${categoryId}, which does not exist`,
    );
  }
}

export const petOperations = {
  listPets(context) {
    const { status, categoryId, id } = context.query;
    const where: Record<string, (string | number)[]> = {};
    if (status) {
      where.status = status;
    }
    if (categoryId !== undefined) {
      where.categoryId = [categoryId];
    }
    const name = context.query.name?.toLowerCase();
    return listPage(context, context.store.pets, {
      where,
      keys: id,
      predicate: name === undefined ? undefined : (pet) => pet.name.toLowerCase().includes(name),
    });
  },

  createPet({ store, body, baseUrl }) {
    assertCategoryExists(store, body.categoryId);
    assertRoom(store.pets, "pets");
    const pet = insertNow(store.pets, {
      name: body.name,
      categoryId: body.categoryId,
      status: body.status ?? "available",
    });
    insertNow(store.inventory, { petId: pet.id, quantity: 0, status: pet.status });
    return { status: 201, headers: { Location: locationOf(baseUrl, "createPet", pet.id) }, body: pet };
  },

  getPet({ store, path }) {
    return { status: 200, body: findPet(store, path.petId) };
  },

  replacePet({ store, path, body }) {
    const pet = findPet(store, path.petId);
    assertCategoryExists(store, body.categoryId);
    const status = body.status ?? "available";
    assertManualTransition(pet, status);
    store.pets.update(pet, { name: body.name, categoryId: body.categoryId });
    setPetStatus(store, pet, status);
    return { status: 200, body: pet };
  },

  updatePet({ store, path, body }) {
    const pet = findPet(store, path.petId);
    if (body.categoryId !== undefined) {
      assertCategoryExists(store, body.categoryId);
    }
    if (body.status !== undefined) {
      assertManualTransition(pet, body.status);
    }
    store.pets.update(pet, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.categoryId !== undefined ? { categoryId: body.categoryId } : {}),
    });
    if (body.status !== undefined) {
      setPetStatus(store, pet, body.status);
    }
    return { status: 200, body: pet };
  },

  deletePet({ store, path }) {
    const pet = findPet(store, path.petId);
    const open = openOrderIds(store, pet.id);
    if (open.length) {
      throw new MockApiError(
        409,
        "PET_HAS_OPEN_ORDERS",
        `pet ${pet.id} has ${open.length} open order${open.length > 1 ? "s" : ""} (${open.join(", ")}); fulfil or cancel ${open.length > 1 ? "them" : "it"} first`,
      );
    }
    const item = store.inventory.get(pet.id);
    if (item) {
      store.inventory.remove(item);
    }
    store.pets.remove(pet);
    return { status: 204 };
  },
} satisfies Partial<OperationHandlers>;
