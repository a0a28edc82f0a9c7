// Breakages of one fact that several checks can see, or that a run sees only when it reads the right
// record through the right read: a count one too high, a wrong WWW-Authenticate, a field mangled in one
// read only, a deleted pet's inventory entry kept, a filter wrong for one value alone.
import type { Breakage } from "../upstream.js";
import { isObject, isRead, isSuccess, pathOf, readJson, sendOwn, withJson } from "./exchange.js";

/** listPets answers `X-Total-Count` one more than the records it holds (the pages and Link as they are). */
export const totalCountPlusOne = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  const total = response.headers.get("x-total-count");
  if (isRead(request) && pathOf(request) === "/pets" && total !== null) {
    response.headers.set("x-total-count", String(Number(total) + 1));
  }
  return response;
};

/** Every 401 says `WWW-Authenticate: Basic realm="petstore"` (the document says Bearer). */
export const wrongWwwAuthenticate = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  if (response.status === 401) {
    response.headers.set("www-authenticate", 'Basic realm="petstore"');
  }
  return response;
};

/** getCategory (by id, and only there) answers the description upper-cased; lists answer it as stored. */
export const categoryByIdUpperCases = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  const body = readJson(response);
  if (
    isRead(request) &&
    /^\/categories\/\d+$/.test(pathOf(request)) &&
    isSuccess(response) &&
    isObject(body) &&
    typeof body.description === "string"
  ) {
    return withJson(response, { ...body, description: body.description.toUpperCase() });
  }
  return response;
};

/**
 * After deletePet answers 204, getInventoryItem of that pet still answers its last entry (200) where the
 * document says 404: a stock row the delete forgot. The inventory list is right.
 */
export const inventoryKeptAfterDelete = (): Breakage => {
  const kept = new Map<string, unknown>();
  return async (request, upstream) => {
    const path = pathOf(request);
    const pet = /^\/pets\/(\d+)$/.exec(path)?.[1];
    if (request.method === "DELETE" && pet) {
      const entry = await sendOwn(upstream, request, "GET", `/store/inventory/${pet}`);
      const response = await upstream.forward(request);
      if (response.status === 204 && entry.status === 200) {
        kept.set(pet, entry.body);
      }
      return response;
    }
    const item = /^\/store\/inventory\/(\d+)$/.exec(path)?.[1];
    const response = await upstream.forward(request);
    if (isRead(request) && item && kept.has(item) && response.status === 404) {
      const headers = new Headers({ "content-type": "application/json" });
      return withJson({ status: 200, headers, body: response.body }, kept.get(item));
    }
    return response;
  };
};

/** listInventory asked for `status=pending` alone answers the `available` entries; every other filter is right. */
export const inventoryPendingFilterWrong = (): Breakage => (request, upstream) => {
  const url = new URL(request.target, "http://proxy");
  if (
    isRead(request) &&
    url.pathname === "/store/inventory" &&
    url.searchParams.getAll("status").join() === "pending"
  ) {
    url.searchParams.set("status", "available");
    return upstream.forward({ ...request, target: `${url.pathname}${url.search}` });
  }
  return upstream.forward(request);
};
