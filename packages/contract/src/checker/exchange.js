// @ts-check
// Checks one response against the operation of openapi/petstore.yaml that it answers: status,
// headers, content type, body schema, and for errors the Error body and its documented code.
import { route } from "../operations.js";
import { checkPaging } from "./paging.js";
import { validateAt } from "./schema.js";

/**
 * The document a response is checked against: how it routes a request, and how a value is validated
 * against one of its schemas (by JSON pointer). By default openapi/petstore.yaml; control.js has the
 * control API's.
 * @typedef {object} CheckedApi
 * @property {(method: string, path: string) => { operation: DocOperation, params: Record<string, string> } | null} route
 * @property {(pointer: string, value: unknown) => import("./schema.js").Problem[]} validateAt
 */

/** @type {CheckedApi} */
const petstoreApi = { route, validateAt };

/** @typedef {import("../operations.js").DocOperation} DocOperation */
/** @typedef {import("../operations.js").DocResponse} DocResponse */
/** @typedef {import("./paging.js").Report} Report */

/**
 * One way a response breaks the document: `where` is what broke (`status`, `header Location`, `body/0/id`,
 * `content-type`...), `schemaPath` the document pointer of the rule that broke (e.g. `#/components/schemas/Id/type`),
 * `operationId` the operation answered or `(unknown route)`.
 * @typedef {{ operationId: string, method: string, path: string, status: number, where: string, message: string,
 *   schemaPath?: string }} Violation
 */

/**
 * A response, as the observer or an HTTP client sees it.
 * @typedef {object} Exchange
 * @property {string} method
 * @property {string} path the path below the base URL, as sent (still percent-encoded)
 * @property {URLSearchParams} query
 * @property {string} [baseUrl] the absolute base URL the request was sent under, when known (checks `Location` and `Link` exactly)
 * @property {number} status
 * @property {(name: string) => string | null} header a response header, read case-insensitively
 * @property {unknown} body the JSON body, or `undefined` when there is none
 * @property {{ text: string, contentType: string | null }} [raw] on the wire: the raw body text and the Content-Type (checked when given)
 * @property {string | null} [operationId] the operation the mock says it answered, `null` for an unknown route (the observer knows it)
 */

/** @param {Violation} v */
export const formatViolation = (v) =>
  `${v.operationId} ${v.method} ${v.path} → ${v.status}: ${v.where} ${v.message}${v.schemaPath ? ` [${v.schemaPath}]` : ""}`;

/** The schema path of an enum failure of the `allOf` part by which an error response narrows `code` or `status`. */
const NARROWING = /\/allOf\/\d+\/properties\/(code|status)\/enum$/;

/**
 * Checks that an Error body's `status` repeats the HTTP status; returns its `code`.
 * @param {number} status
 * @param {unknown} body
 * @param {Report} report
 */
function checkErrorStatus(status, body, report) {
  const error = /** @type {{ code?: unknown, status?: unknown } | undefined} */ (body);
  if (error?.status !== status) {
    report(
      "body/status",
      `must equal the HTTP status ${status}, got ${JSON.stringify(error?.status)}`,
      "#/components/schemas/Error/properties/status",
    );
  }
  return error?.code;
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;.*)?$/i;

/**
 * @param {Exchange} exchange
 * @param {DocOperation} op
 * @param {DocResponse} response
 * @param {Report} report
 * @param {CheckedApi} api
 */
function checkHeaders(exchange, op, response, report, api) {
  for (const header of response.headers) {
    const value = exchange.header(header.name);
    if (value === null) {
      // A header the document does not mark `required` (Link, the CORS headers) may be absent.
      if (header.required) {
        report(`header ${header.name}`, "is documented for this response but missing", header.pointer);
      }
      continue;
    }
    const integer = header.schema.type === "integer";
    if (integer && !/^\d+$/.test(value)) {
      report(`header ${header.name}`, `must be an integer, got ${JSON.stringify(value)}`, `${header.pointer}/schema`);
      continue;
    }
    for (const problem of api.validateAt(`${header.pointer}/schema`, integer ? Number(value) : value)) {
      const got = problem.message.includes("(got ") ? "" : ` (got ${JSON.stringify(value)})`;
      report(`header ${header.name}`, `${problem.message}${got}`, problem.schemaPath);
    }
  }
  const location = exchange.header("location");
  if (location !== null && response.headers.some((header) => header.name === "Location")) {
    const id = /** @type {{ id?: unknown } | undefined} */ (exchange.body)?.id;
    const expected = `${exchange.path}/${String(id)}`;
    if (!URL.canParse(location)) {
      report("header Location", `is not an absolute URL: ${JSON.stringify(location)}`);
    } else if (
      id !== undefined &&
      (exchange.baseUrl !== undefined
        ? location !== `${exchange.baseUrl}${expected}`
        : !new URL(location).pathname.endsWith(expected))
    ) {
      report(
        "header Location",
        `is ${location}, not the URL of the created record (${exchange.baseUrl ?? ""}${expected})`,
      );
    }
  }
  if (response.headers.some((header) => header.name === "X-Total-Count")) {
    checkPaging(exchange, op, report);
  }
}

/**
 * Checks the content type and whether there is a body; returns the body to validate (on the wire, parsed
 * from its text once), or `undefined` when there is none.
 * @param {Exchange} exchange
 * @param {DocResponse} response
 * @param {Report} report
 * @returns {{ body: unknown } | undefined}
 */
function checkContent(exchange, response, report) {
  const { raw } = exchange;
  const content = `${response.pointer}/content`;
  // On the wire a HEAD response has the GET's headers and no body.
  const head = raw !== undefined && exchange.method === "HEAD";
  if (head || !response.schemaPointer) {
    const why = head ? "in a response to HEAD" : "(the document gives this response no content)";
    if (raw && raw.text !== "") {
      report(
        "body",
        `must be empty ${why}, got ${JSON.stringify(raw.text.slice(0, 80))}`,
        head ? undefined : response.pointer,
      );
    } else if (!raw && exchange.body !== undefined) {
      report("body", `must be absent ${why}`, response.pointer);
    }
    return undefined;
  }
  if (!raw) {
    if (exchange.body === undefined) {
      report("body", "is missing (the document gives this response application/json content)", content);
      return undefined;
    }
    return { body: exchange.body };
  }
  if (raw.contentType === null || !JSON_MEDIA_TYPE.test(raw.contentType)) {
    report("content-type", `must be application/json, got ${JSON.stringify(raw.contentType)}`, content);
  }
  try {
    return { body: JSON.parse(raw.text) };
  } catch {
    report("body", `is not JSON: ${JSON.stringify(raw.text.slice(0, 80))}`, content);
    return undefined;
  }
}

/** @param {string} text */
function safeParse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Every way the response breaks the document; empty when it conforms. A HEAD request is checked
 * as the GET of its path (the document describes HEAD in its introduction, not as operations).
 * @param {Exchange} exchange
 * @param {CheckedApi} [api] the document to check against (default openapi/petstore.yaml)
 * @returns {Violation[]}
 */
export function checkExchange(exchange, api = petstoreApi) {
  /** @type {Violation[]} */
  const violations = [];
  const method = exchange.method.toUpperCase();
  const bodyless = method === "HEAD" && exchange.raw !== undefined;
  const routed = api.route(method === "HEAD" ? "GET" : method, exchange.path);
  const operationId = routed?.operation.operationId ?? exchange.operationId ?? "(unknown route)";
  /** @type {Report} */
  const report = (where, message, schemaPath) => {
    violations.push({
      operationId,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
      where,
      message,
      ...(schemaPath ? { schemaPath } : {}),
    });
  };

  if (typeof exchange.operationId === "string" && routed?.operation.operationId !== exchange.operationId) {
    report(
      "route",
      `was answered as ${exchange.operationId}, but the document routes it to ${routed?.operation.operationId ?? "no operation"}`,
    );
  }
  if (!routed) {
    // A known path with another method: a 405 Error with METHOD_NOT_ALLOWED and an Allow header listing the path's
    // methods (HEAD wherever GET is; the standalone server adds OPTIONS). An unknown path: a 404 with ROUTE_NOT_FOUND.
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((verb) => api.route(verb, exchange.path) !== null);
    const allowed = (methods.includes("GET") ? [...methods, "HEAD"].sort() : methods).join(", ");
    const [status, code, why] = allowed
      ? [405, "METHOD_NOT_ALLOWED", `for a method that the path does not have (it has ${allowed})`]
      : [404, "ROUTE_NOT_FOUND", "for a path that no operation has"];
    if (exchange.status !== status) {
      report("status", `must be ${status} ${why}`, "#/components/schemas/ErrorCode");
    }
    const allow = exchange.header("allow");
    if (allowed && allow !== allowed && allow !== `${allowed}, OPTIONS`) {
      report("header Allow", `must list the path's methods, ${allowed}, got ${JSON.stringify(allow)}`);
    }
    if (bodyless) {
      return violations;
    }
    const body = exchange.raw ? safeParse(exchange.raw.text) : exchange.body;
    for (const problem of api.validateAt("#/components/schemas/Error", body)) {
      report(`body${problem.where}`, problem.message, problem.schemaPath);
    }
    const error = /** @type {{ code?: unknown } | undefined} */ (body);
    if (error?.code !== code) {
      report("body/code", `must be ${code} for this route, got ${JSON.stringify(error?.code)}`);
    }
    checkErrorStatus(exchange.status, body, report);
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
  const content = checkContent(exchange, response, report);
  const hasBody = content !== undefined;
  const body = content === undefined ? exchange.body : content.body;
  checkHeaders({ ...exchange, body }, op, response, report, api);
  if (hasBody && response.schemaPointer) {
    for (const problem of api.validateAt(response.schemaPointer, body)) {
      // An error response narrows `code` and `status` to its own; the checks below say so in words.
      if (exchange.status >= 400 && /^\/(code|status)$/.test(problem.where) && NARROWING.test(problem.schemaPath)) {
        continue;
      }
      report(`body${problem.where}`, problem.message, problem.schemaPath);
    }
  }
  if (exchange.status >= 400 && !bodyless) {
    const code = checkErrorStatus(exchange.status, body, report);
    const codes = op.errorCodes[String(exchange.status)] ?? [];
    if (!codes.includes(/** @type {string} */ (code))) {
      report(
        "body/code",
        `${JSON.stringify(code)} is not listed for ${op.operationId} ${exchange.status} (codes: ${codes.join(", ") || "none"})`,
        op.errorCodePointers[String(exchange.status)] ?? `${op.pointer}/responses`,
      );
    }
  }
  return violations;
}

/**
 * Checks a Fetch API response (cloned, so the caller can still read it) to a request under `baseUrl`.
 * @param {{ method: string, url: string }} request
 * @param {Response} response
 * @param {string} baseUrl
 * @param {CheckedApi} [api] the document to check against (default openapi/petstore.yaml)
 * @returns {Promise<Violation[]>}
 */
export async function checkFetchExchange(request, response, baseUrl, api = petstoreApi) {
  const url = new URL(request.url);
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, "");
  const text = await response.clone().text();
  return checkExchange(
    {
      method: request.method.toUpperCase(),
      path: url.pathname.slice(basePath.length) || "/",
      query: url.searchParams,
      baseUrl: `${base.origin}${basePath}`,
      status: response.status,
      header: (name) => response.headers.get(name),
      body: undefined,
      raw: { text, contentType: response.headers.get("content-type") },
    },
    api,
  );
}
