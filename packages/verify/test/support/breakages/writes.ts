// Breakages of what writes do: the status of a create, a delete that deletes nothing, an order
// that takes no stock, a cancel that returns none, a category deleted while in use, and a write that
// changes a read its `x-affects` does not name.
import type { Breakage, ProxiedRequest, ProxiedResponse, Upstream } from "../upstream.js";
import { isListRead, isObject, isSuccess, pathOf, readJson, readRequestJson, sendOwn, withJson } from "./exchange.js";

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

/**
 * cancelOrder answers 204 and removes the order, but the units stay out of stock: the backend forgets
 * to add them back. Its pet's status follows the stock it really has: a `pending` pet whose stock was 0
 * stays `pending` (nothing came back), one that still had stock becomes `available`, as the rule says.
 * Built from the real cancel: the stock read before it is put back after it (PUT /store/inventory, which
 * re-lists a pet only when it sets stock above 0), and the pending pet set pending again (PATCH /pets).
 * @note Not atomic: a request for the same pet between the cancel and the repair sees the stock returned.
 */
export const cancelKeepsStock = (): Breakage => async (request, upstream) => {
  const orderPath = /^\/store\/orders\/\d+$/.exec(pathOf(request))?.[0];
  if (request.method !== "DELETE" || orderPath === undefined) {
    return upstream.forward(request);
  }
  const order = await sendOwn(upstream, request, "GET", orderPath);
  const petId = isObject(order.body) && order.body.complete === false ? order.body.petId : undefined;
  const item =
    typeof petId === "number" ? await sendOwn(upstream, request, "GET", `/store/inventory/${petId}`) : undefined;
  const response = await upstream.forward(request);
  if (response.status !== 204 || !isObject(item?.body) || typeof item.body.quantity !== "number") {
    return response;
  }
  const { quantity, status } = item.body;
  await sendOwn(upstream, request, "PUT", `/store/inventory/${petId}`, { quantity });
  if (status === "pending" && quantity === 0) {
    await sendOwn(upstream, request, "PATCH", `/pets/${petId}`, { status: "pending" });
  }
  return response;
};

/** An id no record has (the largest the document allows), to have the backend answer as for a missing one. */
const NEVER_AN_ID = String(Number.MAX_SAFE_INTEGER);

/** The backend's answer to `request` sent with `missing` in place of `id`, naming `id` again. */
async function answerAsMissing(upstream: Upstream, request: ProxiedRequest, target: string, id: number) {
  const response = await upstream.forward({ ...request, target });
  const text = Buffer.from(response.body).toString("utf8").replaceAll(NEVER_AN_ID, String(id));
  return { ...response, body: new TextEncoder().encode(text) };
}

/**
 * deleteCategory of a category that pets still belong to answers 204 instead of 409 CATEGORY_IN_USE,
 * and the category is gone while its pets keep its `categoryId`: what a backend without the check would
 * do. The API cannot delete a used category, so the breakage hides it: listCategories leaves it out
 * (`X-Total-Count` and `Link` counted without it), its id answers 404 as an id never given out, a pet
 * written with it gets 422, and its name is free again (it is renamed upstream).
 */
export const deleteCategoryInUse = (): Breakage => {
  const gone = new Set<number>();
  return async (request, upstream) => {
    const path = pathOf(request);
    const id = Number(/^\/categories\/(\d+)$/.exec(path)?.[1] ?? Number.NaN);
    if (gone.has(id)) {
      const search = new URL(request.target, "http://proxy").search;
      return answerAsMissing(upstream, request, `/categories/${NEVER_AN_ID}${search}`, id);
    }
    if (path === "/categories" && isListRead(request) && gone.size > 0) {
      return listWithout(gone, request, upstream);
    }
    const written = readRequestJson(request);
    const isPetWrite = /^\/pets(\/[^/]+)?$/.test(path) && ["POST", "PUT", "PATCH"].includes(request.method);
    if (isPetWrite && isObject(written) && typeof written.categoryId === "number" && gone.has(written.categoryId)) {
      const body = new TextEncoder().encode(JSON.stringify({ ...written, categoryId: Number.MAX_SAFE_INTEGER }));
      return answerAsMissing(upstream, { ...request, body }, request.target, written.categoryId);
    }
    const response = await upstream.forward(request);
    const error = readJson(response);
    if (request.method === "DELETE" && response.status === 409 && isObject(error) && error.code === "CATEGORY_IN_USE") {
      // Frees the name, as a deleted category's would be.
      await sendOwn(upstream, request, "PATCH", path, { name: `deleted category ${id} ${gone.size + 1}` });
      gone.add(id);
      return { status: 204, headers: new Headers(), body: new Uint8Array() };
    }
    return response;
  };
};

/** listCategories answered without the categories in `gone`: the page, its count and its links as the backend builds them. */
async function listWithout(gone: Set<number>, request: ProxiedRequest, upstream: Upstream): Promise<ProxiedResponse> {
  const response = await upstream.forward(request);
  if (response.status !== 200) {
    return response;
  }
  const all: unknown[] = [];
  for (let offset = 0, total = 1; offset < total; offset += 100) {
    const page = await sendOwn(upstream, request, "GET", `/categories?limit=100&offset=${offset}`);
    all.push(...(Array.isArray(page.body) ? page.body : []));
    total = Number(page.headers.get("x-total-count"));
  }
  const kept = all.filter((category) => !(isObject(category) && gone.has(category.id as number)));
  // The backend accepted the query, so its numbers are valid; its defaults are those of the document.
  const query = new URL(request.target, "http://proxy").searchParams;
  const limit = Number(query.get("limit") ?? 20);
  const offset = Number(query.get("offset") ?? 0);
  const params = new URLSearchParams();
  for (const name of new Set(query.keys())) {
    params.set(name, ["limit", "offset"].includes(name) ? String(Number(query.get(name))) : query.get(name)!);
  }
  const link = (rel: string, at: number) => {
    const linked = new URLSearchParams(params);
    linked.set("limit", String(limit));
    linked.set("offset", String(at));
    return `<${upstream.origin}/categories?${linked}>; rel="${rel}"`;
  };
  const links = [
    ...(offset + limit < kept.length ? [link("next", offset + limit)] : []),
    ...(offset > 0 ? [link("prev", Math.max(0, Math.min(offset - limit, kept.length - limit)))] : []),
  ];
  const answer = withJson(response, kept.slice(offset, offset + limit));
  answer.headers = new Headers(response.headers);
  answer.headers.set("x-total-count", String(kept.length));
  if (links.length > 0) {
    answer.headers.set("link", links.join(", "));
  } else {
    answer.headers.delete("link");
  }
  if (request.method === "HEAD") {
    answer.headers.set("content-length", String(answer.body.byteLength));
    answer.body = new Uint8Array();
  }
  return answer;
}
