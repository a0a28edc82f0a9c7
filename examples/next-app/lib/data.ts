// The reads of the pages, each cached under the tags of its call (`readTags`, from the document), so that a
// server action's `revalidate(affectedTags(…))` re-fetches exactly the reads its write changed.
import { type operations, unwrap } from "@petstore/sdk";
import { readTags } from "@petstore/sdk/tags";
import { petstore } from "./petstore";

export type PetQuery = NonNullable<operations["listPets"]["parameters"]["query"]>;
export type OrderQuery = NonNullable<operations["listOrders"]["parameters"]["query"]>;

/** A page of pets and how many match in all (`X-Total-Count`). */
export async function listPets(query: PetQuery) {
  const init = { params: { query } };
  const client = await petstore(readTags("listPets", init));
  const sent = client.GET("/pets", init);
  const pets = await unwrap(sent);
  return { pets, total: Number((await sent).response.headers.get("X-Total-Count") ?? pets.length) };
}

export async function listCategories() {
  const init = { params: { query: { limit: 100 } } };
  return unwrap((await petstore(readTags("listCategories", init))).GET("/categories", init));
}

/** One pet, or `undefined` when there is none with that id. */
export async function getPet(petId: number) {
  const init = { params: { path: { petId } } };
  const { data } = await (await petstore(readTags("getPet", init))).GET("/pets/{petId}", init);
  return data;
}

export async function getInventoryItem(petId: number) {
  const init = { params: { path: { petId } } };
  return unwrap((await petstore(readTags("getInventoryItem", init))).GET("/store/inventory/{petId}", init));
}

export async function getCategory(categoryId: number) {
  const init = { params: { path: { categoryId } } };
  return unwrap((await petstore(readTags("getCategory", init))).GET("/categories/{categoryId}", init));
}

export async function listOrders(query: OrderQuery) {
  const init = { params: { query } };
  const client = await petstore(readTags("listOrders", init));
  const sent = client.GET("/store/orders", init);
  const orders = await unwrap(sent);
  return { orders, total: Number((await sent).response.headers.get("X-Total-Count") ?? orders.length) };
}
