// Breakages of what reads answer: filters, paging headers, the shape of a pet, the inventory's
// status, and lists that do not see writes.
import type { Breakage, ProxiedResponse } from "../upstream.js";
import { isListRead, isObject, isRead, isSuccess, pathOf, readJson, withJson } from "./exchange.js";

/** listPets forwarded without its `status` filter, so every status comes back. */
export const ignoreStatusFilter = (): Breakage => (request, upstream) => {
  const url = new URL(request.target, "http://proxy");
  if (isRead(request) && url.pathname === "/pets" && url.searchParams.has("status")) {
    url.searchParams.delete("status");
    return upstream.forward({ ...request, target: `${url.pathname}${url.search}` });
  }
  return upstream.forward(request);
};

/** Lists answered without the header `name` (`X-Total-Count`, `Link`). */
export const dropListHeader =
  (name: string): (() => Breakage) =>
  () =>
  async (request, upstream) => {
    const response = await upstream.forward(request);
    if (isListRead(request)) {
      response.headers.delete(name);
    }
    return response;
  };

/**
 * Every list URL answered from the first successful answer it got, as a cache that is never
 * invalidated: later reads of the same URL miss every write since.
 */
export const staleLists = (): Breakage => {
  const firstAnswers = new Map<string, ProxiedResponse>();
  return async (request, upstream) => {
    const key = `${request.method} ${request.target}`;
    const cached = firstAnswers.get(key);
    if (isListRead(request) && cached) {
      return { ...cached, headers: new Headers(cached.headers) };
    }
    const response = await upstream.forward(request);
    if (isListRead(request) && response.status === 200) {
      firstAnswers.set(key, response);
    }
    return response;
  };
};

/** A pet's `categoryId` renamed `category_id` in every answer that carries pets. */
export const renamePetCategoryId = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  if (!/^\/pets(\/[^/]+)?$/.test(pathOf(request)) || !isSuccess(response)) {
    return response;
  }
  const rename = (pet: unknown) => {
    if (!isObject(pet) || !("categoryId" in pet)) {
      return pet;
    }
    const { categoryId, ...rest } = pet;
    return { ...rest, category_id: categoryId };
  };
  const body = readJson(response);
  return body === undefined ? response : withJson(response, Array.isArray(body) ? body.map(rename) : rename(body));
};

/** Inventory entries always say `available`, whatever their pet's status (which they must repeat). */
export const inventoryAlwaysAvailable = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  if (!pathOf(request).startsWith("/store/inventory") || !isSuccess(response)) {
    return response;
  }
  const relabel = (item: unknown) => (isObject(item) && "status" in item ? { ...item, status: "available" } : item);
  const body = readJson(response);
  return body === undefined ? response : withJson(response, Array.isArray(body) ? body.map(relabel) : relabel(body));
};

/**
 * A list page after the first (`offset` > 0) drops its first record, as an off-by-one in the backend's
 * paging would: `X-Total-Count` and `Link` stay as they were, so following `next` never shows it.
 */
export const skipFirstOnLaterPages = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  const offset = Number(new URL(request.target, "http://proxy").searchParams.get("offset") ?? 0);
  const page = readJson(response);
  return request.method === "GET" && isListRead(request) && response.status === 200 && offset > 0 && Array.isArray(page)
    ? withJson(response, page.slice(1))
    : response;
};
