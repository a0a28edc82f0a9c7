// Breakages of what writes do: the status of a create, a delete that deletes nothing, an order
// that takes no stock, and a write that changes a read its `x-affects` does not name.
import type { Breakage } from "../proxy.js";
import { isObject, isSuccess, pathOf, readJson, sendOwn } from "./exchange.js";

/** createPet answers 200 instead of 201 (the pet is still created). */
export const createPetAnswers200 = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  return request.method === "POST" && pathOf(request) === "/pets" && response.status === 201
    ? { ...response, status: 200 }
    : response;
};

/**
 * deletePet and deleteCategory answer 204 and delete nothing, whenever the real delete would have
 * succeeded; a delete the backend would refuse (401, 404, a pet with open orders, a category in
 * use) is forwarded, so only the deleting itself is missing.
 */
export const deleteWithoutDeleting = (): Breakage => async (request, upstream) => {
  const path = pathOf(request);
  const match = /^\/(pets|categories)\/(\d+)$/.exec(path);
  if (request.method !== "DELETE" || !match) {
    return upstream.forward(request);
  }
  const [, collection, id] = match;
  const exists = await sendOwn(upstream, request, "GET", path);
  const blockers =
    collection === "pets"
      ? await sendOwn(upstream, request, "GET", `/store/orders?petId=${id}&complete=false&limit=1`)
      : await sendOwn(upstream, request, "GET", `/pets?categoryId=${id}&limit=1`);
  const wouldSucceed = exists.status === 200 && blockers.headers.get("x-total-count") === "0";
  return wouldSucceed ? { status: 204, headers: new Headers(), body: new Uint8Array() } : upstream.forward(request);
};

/** After each order placed, the pet's stock is put back to what it was before the order. */
export const orderTakesNoStock = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  if (request.method !== "POST" || pathOf(request) !== "/store/orders" || response.status !== 201) {
    return response;
  }
  const order = readJson(response);
  if (isObject(order) && typeof order.petId === "number" && typeof order.quantity === "number") {
    const inventory = `/store/inventory/${order.petId}`;
    const item = await sendOwn(upstream, request, "GET", inventory);
    if (isObject(item.body) && typeof item.body.quantity === "number") {
      // Refused (409) only past the stock cap; the order then keeps its stock, as it should.
      await sendOwn(upstream, request, "PUT", inventory, { quantity: item.body.quantity + order.quantity });
    }
  }
  return response;
};

/**
 * After each category write that succeeds (createCategory, replaceCategory, updateCategory, whose
 * `x-affects` name only listCategories and getCategory), the pet the client created last is renamed:
 * a change of listPets and getPet that the write does not declare. Only pets the client created
 * are touched, never records it did not write.
 */
export const categoryWriteRenamesAPet = (): Breakage => {
  const createdPets: number[] = [];
  let renames = 0;
  return async (request, upstream) => {
    const response = await upstream.forward(request);
    const path = pathOf(request);
    if (request.method === "POST" && path === "/pets" && response.status === 201) {
      const pet = readJson(response);
      if (isObject(pet) && typeof pet.id === "number") {
        createdPets.push(pet.id);
      }
    }
    const isCategoryWrite = /^\/categories(\/\d+)?$/.test(path) && ["POST", "PUT", "PATCH"].includes(request.method);
    const lastPet = createdPets.at(-1);
    if (isCategoryWrite && isSuccess(response) && lastPet !== undefined) {
      renames++;
      const renamed = await sendOwn(upstream, request, "PATCH", `/pets/${lastPet}`, { name: `renamed ${renames}` });
      if (renamed.status === 404) {
        createdPets.pop();
      }
    }
    return response;
  };
};
