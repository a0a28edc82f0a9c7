// Checks one response against the operation of openapi/petstore.yaml that it answers: status,
// headers, content type, body schema, and for errors the Error body and its documented code.

import { type DocOperation, type DocResponse, document, route, type Schema } from "@petstore/contract";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS; under ESM its default export may be wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

/** One way a response breaks the document. */
export interface Violation {
  /** The operation answered, or `(unknown route)`. */
  operationId: string;
  method: string;
  path: string;
  status: number;
  /** What broke: `status`, `header Location`, `body/0/id`, `content-type`... */
  where: string;
  /** The document pointer of the rule that broke, e.g. `#/components/schemas/Id/type`. */
  schemaPath?: string;
  message: string;
}

export const formatViolation = (v: Violation) =>
  `${v.operationId} ${v.method} ${v.path} → ${v.status}: ${v.where} ${v.message}${v.schemaPath ? ` [${v.schemaPath}]` : ""}`;

/** A response, as the observer or an HTTP client sees it. */
export interface Exchange {
  method: string;
  /** The path below the base URL, as sent (still percent-encoded). */
  path: string;
  query: URLSearchParams;
  /** The absolute base URL the request was sent under, when known (checks `Location` and `Link` exactly). */
  baseUrl?: string;
  status: number;
  /** A response header, read case-insensitively. */
  header(name: string): string | null;
  /** The JSON body, or `undefined` when there is none. */
  body: unknown;
  /** On the wire: the raw body text and the Content-Type (checked when given). */
  raw?: { text: string; contentType: string | null };
  /** The operation the mock says it answered, `null` for an unknown route (the observer knows it). */
  operationId?: string | null;
}

const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, inlineRefs: false, validateSchema: false });
addFormats(ajv);
ajv.addFormat("int64", { type: "number", validate: (value: number) => Number.isSafeInteger(value) });
ajv.addFormat("int32", { type: "number", validate: (value: number) => Number.isInteger(value) });
ajv.addSchema(document, "petstore");

/** Every object of the document by identity → its JSON pointer, to name the rule an ajv error broke. */
const pointers = new Map<object, string>();
(function walk(node: unknown, pointer: string) {
  if (!node || typeof node !== "object") {
    return;
  }
  if (!Array.isArray(node)) {
    pointers.set(node, pointer);
  }
  for (const [key, child] of Object.entries(node)) {
    walk(child, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  }
})(document, "#");

const compiled = new Map<string, ValidateFunction>();
function validatorAt(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `petstore${pointer}` });
    compiled.set(pointer, validate);
  }
  return validate;
}

/** Validates a value against the schema at a document pointer; one problem per ajv error. */
export function validateAt(pointer: string, value: unknown): { where: string; schemaPath: string; message: string }[] {
  const validate = validatorAt(pointer);
  if (validate(value)) {
    return [];
  }
  return (validate.errors ?? []).map((error: ErrorObject) => {
    const base = error.parentSchema ? pointers.get(error.parentSchema) : undefined;
    return {
      where: error.instancePath,
      schemaPath: base ? `${base}/${error.keyword}` : error.schemaPath,
      message: `${error.message ?? "is invalid"}${error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : ""}${error.keyword === "enum" ? ` (got ${JSON.stringify(error.data)?.slice(0, 60)})` : ""}`,
    };
  });
}

/** An enum failure of the `allOf` part by which an error response narrows the Error's `code` or `status`. */
function isNarrowing(problem: { where: string; schemaPath: string }): boolean {
  return (
    (problem.where === "/code" || problem.where === "/status") &&
    /\/allOf\/\d+\/properties\/(code|status)\/enum$/.test(problem.schemaPath)
  );
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;.*)?$/i;
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const LINK_VALUE = new RegExp(
  `^\\s*<([^>]*)>((?:\\s*;\\s*${TOKEN}(?:\\s*=\\s*(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?)*)\\s*(?:,|$)`,
);
const LINK_PARAM = new RegExp(`;\\s*(${TOKEN})(?:\\s*=\\s*(${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?`, "g");

/** Parses an RFC 8288 `Link` header; `null` when it is not well-formed. */
export function parseLinkHeader(value: string): { uri: string; params: Record<string, string> }[] | null {
  const links: { uri: string; params: Record<string, string> }[] = [];
  let rest = value;
  while (rest.trim()) {
    const match = LINK_VALUE.exec(rest);
    if (!match) {
      return null;
    }
    const params: Record<string, string> = {};
    for (const param of match[2]!.matchAll(LINK_PARAM)) {
      const raw = param[2] ?? "";
      params[param[1]!.toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
    }
    links.push({ uri: match[1]!, params });
    rest = rest.slice(match[0].length);
  }
  return links;
}

/** The key of a listed record, for the "ascending id" rule. */
const listKey: Record<string, string> = {
  listPets: "id",
  listCategories: "id",
  listOrders: "id",
  listInventory: "petId",
};

/** The filters of a list operation, as the document describes them, for checking every item matches. */
function matchesFilters(operationId: string, query: URLSearchParams, item: Record<string, unknown>): string | null {
  const all = (name: string) => query.getAll(name);
  if (operationId === "listPets" || operationId === "listInventory") {
    const statuses = all("status");
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
    const ids = all("id").map(Number);
    if (ids.length && !ids.includes(item.id as number)) {
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

function integerQuery(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  return raw !== null && /^-?\d+$/.test(raw) ? Number(raw) : fallback;
}

/** The paging rules of the introduction: page size, X-Total-Count, and Link next/prev with absolute URLs. */
function checkPaging(exchange: Exchange, op: DocOperation, report: (where: string, message: string) => void): void {
  const body = exchange.body;
  if (!Array.isArray(body)) {
    return;
  }
  const total = Number(exchange.header("x-total-count"));
  const limit = integerQuery(exchange.query, "limit", 20);
  const offset = integerQuery(exchange.query, "offset", 0);
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
      if (!((body[index] as Record<string, number>)[key]! > (body[index - 1] as Record<string, number>)[key]!)) {
        report(`body/${index}/${key}`, `is not in ascending order (the document lists records by ascending ${key})`);
      }
    }
  }
  body.forEach((item, index) => {
    const problem =
      item && typeof item === "object"
        ? matchesFilters(op.operationId, exchange.query, item as Record<string, unknown>)
        : null;
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
  const seen = new Set<string>();
  for (const link of links) {
    const rel = link.params.rel;
    if (rel !== "next" && rel !== "prev") {
      report("header Link", `has a link with rel=${JSON.stringify(rel)}; the document defines only next and prev`);
      continue;
    }
    if (seen.has(rel)) {
      report("header Link", `has rel="${rel}" twice`);
    }
    seen.add(rel);
    let url: URL;
    try {
      url = new URL(link.uri);
    } catch {
      report("header Link", `rel="${rel}" is not an absolute URL: ${link.uri}`);
      continue;
    }
    if (!/^https?:$/.test(url.protocol)) {
      report("header Link", `rel="${rel}" is not an http(s) URL: ${link.uri}`);
    }
    if (exchange.baseUrl !== undefined && `${url.origin}${url.pathname}` !== `${exchange.baseUrl}${exchange.path}`) {
      report(
        "header Link",
        `rel="${rel}" points to ${url.origin}${url.pathname}, not ${exchange.baseUrl}${exchange.path}`,
      );
    } else if (!url.pathname.endsWith(exchange.path)) {
      report("header Link", `rel="${rel}" points to ${url.pathname}, not ${exchange.path}`);
    }
    // Numbers compare by value: a link may repeat `id=007` as `id=7`.
    const filters = (params: URLSearchParams) =>
      [...params]
        .filter(([name]) => name !== "limit" && name !== "offset")
        .map(([name, value]) => `${name}=${/^-?\d+$/.test(value) ? String(Number(value)) : value}`)
        .sort()
        .join("&");
    if (filters(url.searchParams) !== filters(exchange.query)) {
      report(
        "header Link",
        `rel="${rel}" does not keep the filters (${filters(exchange.query) || "none"}): ${link.uri}`,
      );
    }
    const linkLimit = Number(url.searchParams.get("limit"));
    const linkOffset = Number(url.searchParams.get("offset"));
    if (url.searchParams.get("limit") === null || linkLimit !== limit) {
      report("header Link", `rel="${rel}" has limit ${url.searchParams.get("limit")}, not ${limit}: ${link.uri}`);
    }
    if (rel === "next" && linkOffset !== offset + limit) {
      report("header Link", `rel="next" has offset ${url.searchParams.get("offset")}, not ${offset + limit}`);
    }
    if (rel === "prev" && !(Number.isInteger(linkOffset) && linkOffset >= 0 && linkOffset < offset)) {
      report(
        "header Link",
        `rel="prev" has offset ${url.searchParams.get("offset")}, not a smaller one than ${offset}`,
      );
    }
  }
  if (Number.isInteger(total)) {
    if (offset + limit < total && !seen.has("next")) {
      report("header Link", `has no rel="next" although records ${offset + limit + 1}..${total} exist`);
    }
    if (offset + limit >= total && seen.has("next")) {
      report("header Link", `has rel="next" although the page ends at ${offset + limit} of ${total}`);
    }
    if (offset > 0 && !seen.has("prev")) {
      report("header Link", `has no rel="prev" although offset is ${offset}`);
    }
    if (offset === 0 && seen.has("prev")) {
      report("header Link", `has rel="prev" although offset is 0`);
    }
  }
}

function checkHeaders(
  exchange: Exchange,
  op: DocOperation,
  response: DocResponse,
  report: (where: string, message: string, schemaPath?: string) => void,
): void {
  for (const header of response.headers) {
    const value = exchange.header(header.name);
    if (value === null) {
      // A header the document does not mark `required` (Link, the CORS headers) may be absent.
      if (header.required) {
        report(`header ${header.name}`, "is documented for this response but missing", header.pointer);
      }
      continue;
    }
    let typed: unknown = value;
    if (header.schema.type === "integer") {
      if (!/^\d+$/.test(value)) {
        report(`header ${header.name}`, `must be an integer, got ${JSON.stringify(value)}`, `${header.pointer}/schema`);
        continue;
      }
      typed = Number(value);
    }
    for (const problem of validateAt(`${header.pointer}/schema`, typed)) {
      const got = problem.message.includes("(got ") ? "" : ` (got ${JSON.stringify(value)})`;
      report(`header ${header.name}`, `${problem.message}${got}`, problem.schemaPath);
    }
  }
  const location = exchange.header("location");
  if (location !== null && response.headers.some((header) => header.name === "Location")) {
    const id = (exchange.body as { id?: unknown } | undefined)?.id;
    let url: URL | undefined;
    try {
      url = new URL(location);
    } catch {
      report("header Location", `is not an absolute URL: ${JSON.stringify(location)}`);
    }
    if (url && id !== undefined) {
      const expected = `${exchange.path}/${String(id)}`;
      if (
        exchange.baseUrl !== undefined
          ? location !== `${exchange.baseUrl}${expected}`
          : !url.pathname.endsWith(expected)
      ) {
        report(
          "header Location",
          `is ${location}, not the URL of the created record (${exchange.baseUrl ?? ""}${expected})`,
        );
      }
    }
  }
  if (response.headers.some((header) => header.name === "X-Total-Count")) {
    checkPaging(exchange, op, report);
  }
}

function checkContent(
  exchange: Exchange,
  response: DocResponse,
  report: (where: string, message: string, schemaPath?: string) => void,
): boolean {
  if (exchange.raw && exchange.method === "HEAD") {
    // On the wire a HEAD response has the GET's headers and no body.
    if (exchange.raw.text !== "") {
      report("body", `must be empty in a response to HEAD, got ${JSON.stringify(exchange.raw.text.slice(0, 80))}`);
    }
    return false;
  }
  if (exchange.raw) {
    const { text, contentType } = exchange.raw;
    if (!response.schemaPointer) {
      if (text !== "") {
        report(
          "body",
          `must be empty (the document gives this response no content), got ${JSON.stringify(text.slice(0, 80))}`,
          response.pointer,
        );
      }
      return false;
    }
    if (contentType === null || !JSON_MEDIA_TYPE.test(contentType)) {
      report(
        "content-type",
        `must be application/json, got ${JSON.stringify(contentType)}`,
        `${response.pointer}/content`,
      );
    }
    try {
      JSON.parse(text);
    } catch {
      report("body", `is not JSON: ${JSON.stringify(text.slice(0, 80))}`, `${response.pointer}/content`);
      return false;
    }
    return true;
  }
  if (!response.schemaPointer) {
    if (exchange.body !== undefined) {
      report("body", "must be absent (the document gives this response no content)", response.pointer);
    }
    return false;
  }
  if (exchange.body === undefined) {
    report(
      "body",
      "is missing (the document gives this response application/json content)",
      `${response.pointer}/content`,
    );
    return false;
  }
  return true;
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The methods a path has, as the `Allow` header of a 405 lists them (HEAD wherever GET is). */
function allowedMethods(path: string): string[] {
  const methods = ROUTE_METHODS.filter((method) => route(method, path) !== null);
  return methods.includes("GET") ? [...methods, "HEAD"].sort() : methods;
}

/**
 * Every way the response breaks the document; empty when it conforms. A HEAD request is checked
 * as the GET of its path (the document describes HEAD in its introduction, not as operations).
 */
export function checkExchange(exchange: Exchange): Violation[] {
  const violations: Violation[] = [];
  const method = exchange.method.toUpperCase();
  const bodyless = method === "HEAD" && exchange.raw !== undefined;
  const routed = route(method === "HEAD" ? "GET" : method, exchange.path);
  const operationId = routed?.operation.operationId ?? exchange.operationId ?? "(unknown route)";
  const report = (where: string, message: string, schemaPath?: string) =>
    violations.push({
      operationId,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
      where,
      message,
      ...(schemaPath ? { schemaPath } : {}),
    });

  if (typeof exchange.operationId === "string" && routed?.operation.operationId !== exchange.operationId) {
    report(
      "route",
      `was answered as ${exchange.operationId}, but the document routes it to ${routed?.operation.operationId ?? "no operation"}`,
    );
  }
  if (!routed) {
    // A known path with another method: a 405 Error with METHOD_NOT_ALLOWED and an Allow header
    // (the standalone server adds OPTIONS). An unknown path: a 404 Error with ROUTE_NOT_FOUND.
    const allowed = allowedMethods(exchange.path);
    const [status, code] = allowed.length ? [405, "METHOD_NOT_ALLOWED"] : [404, "ROUTE_NOT_FOUND"];
    if (exchange.status !== status) {
      report(
        "status",
        allowed.length
          ? `must be 405 for a method that the path does not have (it has ${allowed.join(", ")})`
          : "must be 404 for a path that no operation has",
        "#/components/schemas/ErrorCode",
      );
    }
    if (allowed.length) {
      const allow = exchange.header("allow");
      const expected = allowed.join(", ");
      if (allow !== expected && allow !== `${expected}, OPTIONS`) {
        report("header Allow", `must list the path's methods, ${expected}, got ${JSON.stringify(allow)}`);
      }
    }
    if (bodyless) {
      return violations;
    }
    const body = exchange.raw ? safeParse(exchange.raw.text) : exchange.body;
    for (const problem of validateAt("#/components/schemas/Error", body)) {
      report(`body${problem.where}`, problem.message, problem.schemaPath);
    }
    const error = body as { code?: unknown; status?: unknown } | undefined;
    if (error?.code !== code) {
      report("body/code", `must be ${code} for this route, got ${JSON.stringify(error?.code)}`);
    }
    if (error?.status !== exchange.status) {
      report(
        "body/status",
        `must equal the HTTP status ${exchange.status}, got ${JSON.stringify(error?.status)}`,
        "#/components/schemas/Error/properties/status",
      );
    }
    return violations;
  }
  if (exchange.operationId === null) {
    report("route", `was answered as an unknown route, but the document routes it to ${routed.operation.operationId}`);
  }

  const op = routed.operation;
  const response = op.responses.get(exchange.status);
  if (!response) {
    report(
      "status",
      `is not documented for ${op.operationId} (documented: ${[...op.responses.keys()].join(", ")})`,
      `${op.pointer}/responses`,
    );
    return violations;
  }
  const hasBody = checkContent(exchange, response, report);
  const body = exchange.raw && hasBody ? JSON.parse(exchange.raw.text) : exchange.body;
  const withBody: Exchange = { ...exchange, body };
  checkHeaders(withBody, op, response, report);
  if (hasBody && response.schemaPointer) {
    for (const problem of validateAt(response.schemaPointer, body)) {
      // An error response narrows `code` and `status` to its own; the checks below say so in words.
      if (exchange.status >= 400 && isNarrowing(problem)) {
        continue;
      }
      report(`body${problem.where}`, problem.message, problem.schemaPath);
    }
  }
  if (exchange.status >= 400 && !bodyless) {
    const error = body as { code?: unknown; status?: unknown } | undefined;
    if (error?.status !== exchange.status) {
      report(
        "body/status",
        `must equal the HTTP status ${exchange.status}, got ${JSON.stringify(error?.status)}`,
        "#/components/schemas/Error/properties/status",
      );
    }
    const codes = op.errorCodes[String(exchange.status)] ?? [];
    if (!codes.includes(error?.code as string)) {
      report(
        "body/code",
        `${JSON.stringify(error?.code)} is not listed for ${op.operationId} ${exchange.status} (codes: ${codes.join(", ") || "none"})`,
        op.errorCodePointers[String(exchange.status)] ?? `${op.pointer}/responses`,
      );
    }
  }
  return violations;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Checks a Fetch API response (cloned, so the caller can still read it) to a request under `baseUrl`. */
export async function checkFetchExchange(
  request: { method: string; url: string },
  response: Response,
  baseUrl: string,
): Promise<Violation[]> {
  const url = new URL(request.url);
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, "");
  const text = await response.clone().text();
  return checkExchange({
    method: request.method.toUpperCase(),
    path: url.pathname.slice(basePath.length) || "/",
    query: url.searchParams,
    baseUrl: `${base.origin}${basePath}`,
    status: response.status,
    header: (name) => response.headers.get(name),
    body: undefined,
    raw: { text, contentType: response.headers.get("content-type") },
  });
}

export type { Schema };
