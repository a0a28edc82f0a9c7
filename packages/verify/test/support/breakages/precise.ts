// Breakages of one fact that several checks can see, or that a run sees only when it reads the right
// record through the right read: a count one too high, a wrong WWW-Authenticate, a field mangled in one
// read only, a deleted pet's inventory entry kept, a filter wrong for one value alone, a Link missing on
// one page of many, a read x-affects says a write changes that answers stale data for a few seconds, a
// limit not enforced, an order of two units that takes one.
import type { Breakage, ProxiedResponse } from "../upstream.js";
import {
  isListRead,
  isObject,
  isRead,
  isSuccess,
  pathOf,
  readJson,
  readRequestJson,
  sendOwn,
  withJson,
} from "./exchange.js";

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
    const created = readJson(response);
    if (request.method === "POST" && path === "/pets" && response.status === 201 && isObject(created)) {
      kept.delete(String(created.id)); // a new pet (a backend may give a deleted pet's id again) gets its own row
    }
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

/** The second page of every list (offset = limit) comes without its `Link` header; every other page has it. */
export const linkMissingOnSecondPage = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  const url = new URL(request.target, "http://proxy");
  const limit = url.searchParams.get("limit");
  if (isListRead(request) && limit !== null && Number(limit) > 0 && url.searchParams.get("offset") === limit) {
    response.headers.delete("link");
  }
  return response;
};

/** How long `getCategory` answers what it answered first: a cache that outlives the writes x-affects says change it. */
export const STALE_MS = 5_000;

/**
 * getCategory answers from a cache for `STALE_MS` after it was filled, whatever was written since; a
 * category deleted is dropped from it (a 404 passes through).
 */
export const categoryByIdStale = (): Breakage => {
  const cache = new Map<string, { at: number; response: ProxiedResponse }>();
  return async (request, upstream) => {
    const path = pathOf(request);
    if (!(isRead(request) && /^\/categories\/\d+$/.test(path))) {
      return upstream.forward(request);
    }
    const response = await upstream.forward(request);
    const cached = cache.get(path);
    if (response.status === 200 && cached && Date.now() - cached.at < STALE_MS) {
      return { ...cached.response, headers: new Headers(cached.response.headers) };
    }
    if (response.status === 200) {
      cache.set(path, { at: Date.now(), response: { ...response, headers: new Headers(response.headers) } });
    }
    return response;
  };
};

/**
 * A restock that, with the units open orders reserve, passes the stock maximum is accepted (200, the
 * entry as asked) where the document says 409 STOCK_LIMIT_EXCEEDED; the stock stays as it was.
 */
export const stockLimitNotEnforced = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  const body = readJson(response);
  const pet = /^\/store\/inventory\/(\d+)$/.exec(pathOf(request))?.[1];
  if (request.method === "PUT" && pet && isObject(body) && body.code === "STOCK_LIMIT_EXCEEDED") {
    const entry = await sendOwn(upstream, request, "GET", `/store/inventory/${pet}`);
    const asked = readRequestJson(request) as { quantity?: unknown };
    const headers = new Headers({ "content-type": "application/json" });
    return withJson(
      { status: 200, headers, body: response.body },
      { ...(entry.body as object), quantity: asked.quantity },
    );
  }
  return response;
};

/** An order of two units takes one from the stock: the backend gives one back after placing it. */
export const orderOfTwoTakesOne = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  const order = readRequestJson(request) as { petId?: unknown; quantity?: unknown } | undefined;
  if (
    request.method === "POST" &&
    pathOf(request) === "/store/orders" &&
    response.status === 201 &&
    order?.quantity === 2
  ) {
    const entry = await sendOwn(upstream, request, "GET", `/store/inventory/${String(order.petId)}`);
    const quantity = (entry.body as { quantity?: number } | undefined)?.quantity;
    if (typeof quantity === "number") {
      await sendOwn(upstream, request, "PUT", `/store/inventory/${String(order.petId)}`, { quantity: quantity + 1 });
    }
  }
  return response;
};
