// @ts-check
// The paging rules of the document's introduction: page size, X-Total-Count, ascending order (of the
// field the document lists records by), filters kept by every record (as their `x-filter` says), and
// Link next/prev with absolute URLs.
import { readList } from "../lists.js";
import { operations } from "../operations.js";

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

/** What the document says about each list operation: the field its records are ordered by, and its filters. */
const lists = new Map(operations.map((op) => [op.operationId, readList(op)]));

/**
 * Whether a record's field has a value a filter asked for (numbers compare by value: `id=007` is 7).
 * @param {unknown} field
 * @param {string} wanted
 */
const equals = (field, wanted) => (typeof field === "number" ? Number(wanted) === field : String(field) === wanted);

/**
 * The first filter of the list (its parameters' `x-filter`) that a record fails, as a sentence; `null` if none.
 * A record without a filter's field is not judged here: its schema says whether it may lack it.
 * @param {import("../lists.js").DocList} list
 * @param {URLSearchParams} query
 * @param {Record<string, unknown>} item
 * @returns {string | null}
 */
function failedFilter(list, query, item) {
  for (const { parameter, match, repeats } of list.filters) {
    const wanted = repeats ? query.getAll(parameter) : query.getAll(parameter).slice(0, 1);
    const field = item[parameter];
    if (wanted.length === 0 || field === undefined) {
      continue;
    }
    if (match === "contains-case-insensitive") {
      const text = /** @type {string} */ (wanted[0]);
      if (!String(field).toLowerCase().includes(text.toLowerCase())) {
        return `${parameter} ${JSON.stringify(field)} does not contain ${JSON.stringify(text)} (case-insensitively)`;
      }
    } else if (!wanted.some((value) => equals(field, value))) {
      return `${parameter} ${String(field)} is not ${repeats ? "one of the requested" : "the requested"} ${wanted.join(", ")}`;
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
  const list = lists.get(op.operationId);
  if (list) {
    const { key } = list;
    // A record that is not an object (null, a number) has no key; the schema reports it, this must not throw.
    const keyAt = (/** @type {number} */ index) => {
      const item = body[index];
      return item && typeof item === "object" ? item[key] : undefined;
    };
    for (let index = 1; index < body.length; index++) {
      if (!(keyAt(index) > keyAt(index - 1))) {
        report(`body/${index}/${key}`, `is not in ascending order (the document lists records by ascending ${key})`);
      }
    }
    body.forEach((item, index) => {
      const problem = item && typeof item === "object" ? failedFilter(list, exchange.query, item) : null;
      if (problem) {
        report(`body/${index}`, `does not match the filters: ${problem}`);
      }
    });
  }
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
