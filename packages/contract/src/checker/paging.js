// @ts-check
// The paging rules of the document's introduction: page size, X-Total-Count, ascending order,
// filters kept by every record, and Link next/prev with absolute URLs.

/** @typedef {import("../operations.js").DocOperation} DocOperation */
/** @typedef {import("./exchange.js").Exchange} Exchange */
/** @typedef {(where: string, message: string, schemaPath?: string) => void} Report */

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const LINK_VALUE = new RegExp(
  `^\\s*<([^>]*)>((?:\\s*;\\s*${TOKEN}(?:\\s*=\\s*(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?)*)\\s*(?:,|$)`,
);
const LINK_PARAM = new RegExp(`;\\s*(${TOKEN})(?:\\s*=\\s*(${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?`, "g");

/**
 * Parses an RFC 8288 `Link` header; `null` when it is not well-formed.
 * @param {string} value
 * @returns {{ uri: string, params: Record<string, string> }[] | null}
 */
export function parseLinkHeader(value) {
  const links = [];
  let rest = value;
  while (rest.trim()) {
    const match = LINK_VALUE.exec(rest);
    if (!match) {
      return null;
    }
    /** @type {Record<string, string>} */
    const params = {};
    for (const param of /** @type {string} */ (match[2]).matchAll(LINK_PARAM)) {
      const raw = param[2] ?? "";
      params[/** @type {string} */ (param[1]).toLowerCase()] = raw.startsWith('"')
        ? raw.slice(1, -1).replace(/\\(.)/g, "$1")
        : raw;
    }
    links.push({ uri: /** @type {string} */ (match[1]), params });
    rest = rest.slice(match[0].length);
  }
  return links;
}

/** @type {Record<string, string>} The key of a listed record, for the "ascending id" rule. */
const listKey = { listPets: "id", listCategories: "id", listOrders: "id", listInventory: "petId" };

/**
 * The filters of a list operation, as the document describes them, for checking every item matches.
 * @param {string} operationId
 * @param {URLSearchParams} query
 * @param {Record<string, unknown>} item
 * @returns {string | null}
 */
function matchesFilters(operationId, query, item) {
  if (operationId === "listPets" || operationId === "listInventory") {
    const statuses = query.getAll("status");
    if (statuses.length && !statuses.includes(String(item.status))) {
      return `status ${String(item.status)} is not one of the requested ${statuses.join(", ")}`;
    }
  }
  if (operationId === "listPets") {
    const categoryId = query.get("categoryId");
    if (categoryId !== null && Number(categoryId) !== item.categoryId) {
      return `categoryId ${String(item.categoryId)} is not the requested ${categoryId}`;
    }
    const name = query.get("name");
    if (name !== null && !String(item.name).toLowerCase().includes(name.toLowerCase())) {
      return `name ${JSON.stringify(item.name)} does not contain ${JSON.stringify(name)} (case-insensitively)`;
    }
    const ids = query.getAll("id").map(Number);
    if (ids.length && !ids.includes(/** @type {number} */ (item.id))) {
      return `id ${String(item.id)} is not one of the requested ids`;
    }
  }
  if (operationId === "listOrders") {
    const petId = query.get("petId");
    if (petId !== null && Number(petId) !== item.petId) {
      return `petId ${String(item.petId)} is not the requested ${petId}`;
    }
    const complete = query.get("complete");
    if (complete !== null && String(item.complete ?? false) !== complete) {
      return `complete ${String(item.complete)} is not the requested ${complete}`;
    }
  }
  return null;
}

/**
 * An integer query parameter as sent, or its default in the document.
 * @param {DocOperation} op
 * @param {URLSearchParams} query
 * @param {string} name
 * @returns {number}
 */
function integerQuery(op, query, name) {
  const raw = query.get(name);
  if (raw !== null && /^-?\d+$/.test(raw)) {
    return Number(raw);
  }
  const fallback = op.parameters.find((parameter) => parameter.name === name)?.schema.default;
  if (typeof fallback !== "number") {
    throw new Error(`${op.operationId} lists records but its ${name} parameter has no numeric default`);
  }
  return fallback;
}

/**
 * The query without paging, for comparing filters; numbers compare by value (a link may repeat `id=007` as `id=7`).
 * @param {URLSearchParams} params
 */
const filters = (params) =>
  [...params]
    .filter(([name]) => name !== "limit" && name !== "offset")
    .map(([name, value]) => `${name}=${/^-?\d+$/.test(value) ? String(Number(value)) : value}`)
    .sort()
    .join("&");

/**
 * @param {Exchange} exchange
 * @param {DocOperation} op
 * @param {Report} report
 */
export function checkPaging(exchange, op, report) {
  const body = exchange.body;
  if (!Array.isArray(body)) {
    return;
  }
  const total = Number(exchange.header("x-total-count"));
  const limit = integerQuery(op, exchange.query, "limit");
  const offset = integerQuery(op, exchange.query, "offset");
  if (Number.isInteger(total)) {
    const expected = Math.max(0, Math.min(limit, total - offset));
    if (body.length !== expected) {
      report(
        "body",
        `has ${body.length} records; with X-Total-Count ${total}, offset ${offset} and limit ${limit} the page has ${expected}`,
      );
    }
  }
  const key = listKey[op.operationId];
  if (key) {
    for (let index = 1; index < body.length; index++) {
      if (!(body[index][key] > body[index - 1][key])) {
        report(`body/${index}/${key}`, `is not in ascending order (the document lists records by ascending ${key})`);
      }
    }
  }
  body.forEach((item, index) => {
    const problem = item && typeof item === "object" ? matchesFilters(op.operationId, exchange.query, item) : null;
    if (problem) {
      report(`body/${index}`, `does not match the filters: ${problem}`);
    }
  });
  const linkHeader = exchange.header("link");
  const links = linkHeader === null ? [] : parseLinkHeader(linkHeader);
  if (links === null) {
    report("header Link", `is not a well-formed RFC 8288 Link header: ${JSON.stringify(linkHeader)}`);
    return;
  }
  const seen = new Set();
  const badLink = (/** @type {string} */ message) => report("header Link", message);
  for (const link of links) {
    const rel = link.params.rel;
    if (rel !== "next" && rel !== "prev") {
      badLink(`has a link with rel=${JSON.stringify(rel)}; the document defines only next and prev`);
      continue;
    }
    if (seen.has(rel)) {
      badLink(`has rel="${rel}" twice`);
    }
    seen.add(rel);
    if (!URL.canParse(link.uri)) {
      badLink(`rel="${rel}" is not an absolute URL: ${link.uri}`);
      continue;
    }
    const url = new URL(link.uri);
    if (!/^https?:$/.test(url.protocol)) {
      badLink(`rel="${rel}" is not an http(s) URL: ${link.uri}`);
    }
    if (exchange.baseUrl !== undefined && `${url.origin}${url.pathname}` !== `${exchange.baseUrl}${exchange.path}`) {
      badLink(`rel="${rel}" points to ${url.origin}${url.pathname}, not ${exchange.baseUrl}${exchange.path}`);
    } else if (!url.pathname.endsWith(exchange.path)) {
      badLink(`rel="${rel}" points to ${url.pathname}, not ${exchange.path}`);
    }
    if (filters(url.searchParams) !== filters(exchange.query)) {
      badLink(`rel="${rel}" does not keep the filters (${filters(exchange.query) || "none"}): ${link.uri}`);
    }
    const linkLimit = url.searchParams.get("limit");
    const offsetParam = url.searchParams.get("offset");
    const linkOffset = Number(offsetParam);
    if (linkLimit === null || Number(linkLimit) !== limit) {
      badLink(`rel="${rel}" has limit ${linkLimit}, not ${limit}: ${link.uri}`);
    }
    if (rel === "next" && linkOffset !== offset + limit) {
      badLink(`rel="next" has offset ${offsetParam}, not ${offset + limit}`);
    }
    if (rel === "prev" && !(Number.isInteger(linkOffset) && linkOffset >= 0 && linkOffset < offset)) {
      badLink(`rel="prev" has offset ${offsetParam}, not a smaller one than ${offset}`);
    }
  }
  if (Number.isInteger(total)) {
    if (offset + limit < total && !seen.has("next")) {
      badLink(`has no rel="next" although records ${offset + limit + 1}..${total} exist`);
    }
    if (offset + limit >= total && seen.has("next")) {
      badLink(`has rel="next" although the page ends at ${offset + limit} of ${total}`);
    }
    if (offset > 0 && !seen.has("prev")) {
      badLink(`has no rel="prev" although offset is ${offset}`);
    }
    if (offset === 0 && seen.has("prev")) {
      badLink(`has rel="prev" although offset is 0`);
    }
  }
}
