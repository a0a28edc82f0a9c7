// @ts-check
// The operations of the document, each with its parameters, body and responses resolved: what
// every generator, the docs and the test harness know about an operation.
import { escapePointer, inline, document as petstore, resolve } from "./document.js";

/** @typedef {import("./document.js").Node} Node */
/** @typedef {import("./document.js").Document} Document */

/**
 * @typedef {object} DocParameter
 * @property {string} name
 * @property {"path" | "query" | "header"} in
 * @property {boolean} required
 * @property {Node} schema the schema with every `$ref` inlined (`x-ref` names the component)
 * @property {unknown} [example] the parameter's `example`, when it has one
 * @property {string} [filter] `x-filter` of a list's query parameter: how it selects the listed records
 */

/**
 * @typedef {object} DocHeader
 * @property {string} name
 * @property {string} pointer
 * @property {Node} schema
 * @property {boolean} required whether every such response carries it (`required: true`)
 * @property {unknown} [example]
 */

/**
 * @typedef {object} DocResponse
 * @property {number} status
 * @property {string} pointer where the response object lives (after following a `$ref`)
 * @property {string | undefined} component its name under `components/responses`, if it is one
 * @property {DocHeader[]} headers
 * @property {string} [schemaPointer] pointer of the `application/json` schema, when there is a body
 */

/**
 * A read operation that a write can change (an entry of `x-affects`). Without `parameters`, every
 * call of the read; with them, only the call whose path parameters equal these runtime expressions
 * (`$request.path.NAME`, `$request.body#/POINTER`, `$response.body#/POINTER`), evaluated on the write.
 * @typedef {object} DocAffect
 * @property {string} operationId
 * @property {Record<string, string>} parameters path parameter of the read → expression; `{}` for every call
 */

/**
 * @typedef {object} DocOperation
 * @property {string} operationId
 * @property {string} method upper case
 * @property {string} path
 * @property {string} pointer
 * @property {string[]} segments
 * @property {string} tag
 * @property {string} summary
 * @property {boolean} deprecated
 * @property {string} stability `x-stability`, `stable` when absent
 * @property {boolean} hideTryItPanel
 * @property {{ lang: string, label: string, source: string }[]} codeSamples
 * @property {DocAffect[]} affects `x-affects`: the reads a successful call can change (empty for reads)
 * @property {DocAffect} [replacedBy] `x-replaced-by` of a deprecated operation: the operation to call instead,
 *   and where each of its parameters comes from (`$request.path.NAME` of this one, or a fixed value)
 * @property {string} [sunset] the YYYY-MM-DD date the success response's `Sunset` header announces
 * @property {DocParameter[]} parameters
 * @property {{ required: boolean, schema: Node, pointer: string, example?: unknown }} [body] `example`: the
 *   media type's example, else its schema's
 * @property {Map<number, DocResponse>} responses
 * @property {Record<string, string[]>} errorCodes the codes each error status documents
 * @property {Record<string, string>} errorCodePointers where each error status's `code` enumeration lives
 */

/** The methods OpenAPI allows, in the order operations are listed. */
const METHODS = /** @type {const} */ (["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * An error response's codes: its schema narrows Error with an `allOf` part whose `code` is an enumeration.
 * @param {unknown} schema
 * @param {string} responsePointer
 * @param {Document} doc
 */
function narrowedCodes(schema, responsePointer, doc) {
  const parts = resolve(schema, "", doc).node?.allOf ?? [];
  for (const [index, part] of parts.entries()) {
    const codes = resolve(part, "", doc).node.properties?.code?.enum;
    if (Array.isArray(codes)) {
      return {
        codes: /** @type {string[]} */ (codes),
        pointer: `${responsePointer}/content/application~1json/schema/allOf/${index}/properties/code/enum`,
      };
    }
  }
  throw new Error(`${responsePointer}: an error response must narrow Error's code with allOf`);
}

/**
 * The sunset date (YYYY-MM-DD) a response announces in its `Sunset` header (RFC 8594 HTTP-date,
 * from the header's `example` or its schema's single `enum` value).
 * @param {DocResponse} response
 */
function sunsetOf(response) {
  const header = response.headers.find(({ name }) => name.toLowerCase() === "sunset");
  if (!header) {
    return undefined;
  }
  const time = Date.parse(header.example ?? header.schema.enum?.[0] ?? header.schema.example);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/**
 * Reads every operation of a document, in document order.
 * @param {Document} [doc]
 * @returns {DocOperation[]}
 */
export function readOperations(doc = petstore) {
  /** @type {DocOperation[]} */
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = /** @type {Node[]} */ (item.parameters ?? []);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      /** @type {DocParameter[]} */
      const parameters = [...shared, ...(operation.parameters ?? [])].map((raw) => {
        const parameter = resolve(raw, "", doc).node;
        return {
          name: parameter.name,
          in: parameter.in,
          required: Boolean(parameter.required),
          schema: inline(parameter.schema, doc),
          ...(parameter.example !== undefined ? { example: parameter.example } : {}),
          ...(parameter["x-filter"] !== undefined ? { filter: parameter["x-filter"] } : {}),
        };
      });
      /** @type {Map<number, DocResponse>} */
      const responses = new Map();
      /** @type {Record<string, string[]>} */
      const errorCodes = {};
      /** @type {Record<string, string>} */
      const errorCodePointers = {};
      for (const [status, raw] of Object.entries(operation.responses ?? {})) {
        const response = resolve(raw, `${pointer}/responses/${status}`, doc);
        const headers = Object.entries(response.node.headers ?? {}).map(([name, rawHeader]) => {
          const header = resolve(rawHeader, `${response.pointer}/headers/${escapePointer(name)}`, doc);
          return {
            name,
            pointer: header.pointer,
            schema: inline(header.node.schema, doc),
            required: header.node.required === true,
            ...(header.node.example !== undefined ? { example: header.node.example } : {}),
          };
        });
        const content = response.node.content ?? {};
        if (Number(status) >= 400) {
          const narrowed = narrowedCodes(content["application/json"]?.schema, response.pointer, doc);
          errorCodes[status] = narrowed.codes;
          errorCodePointers[status] = narrowed.pointer;
        }
        responses.set(Number(status), {
          status: Number(status),
          pointer: response.pointer,
          component: response.pointer.startsWith("#/components/responses/")
            ? response.pointer.split("/").pop()
            : undefined,
          headers,
          ...(content["application/json"]
            ? { schemaPointer: `${response.pointer}/content/application~1json/schema` }
            : {}),
        });
      }
      /** @type {DocOperation["body"]} */
      let body;
      if (operation.requestBody) {
        const requestBody = resolve(operation.requestBody, `${pointer}/requestBody`, doc);
        const media = requestBody.node.content["application/json"];
        const schema = inline(media.schema, doc);
        const example = media.example ?? schema.example;
        body = {
          required: Boolean(requestBody.node.required),
          schema,
          pointer: `${requestBody.pointer}/content/application~1json/schema`,
          ...(example !== undefined ? { example } : {}),
        };
      }
      const success = [...responses.values()].find(({ status }) => status >= 200 && status < 300);
      const sunset = success && sunsetOf(success);
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        pointer,
        segments: path.split("/").slice(1),
        tag: operation.tags?.[0] ?? "default",
        summary: operation.summary ?? "",
        deprecated: Boolean(operation.deprecated),
        stability: operation["x-stability"] ?? "stable",
        hideTryItPanel: operation["x-hideTryItPanel"] === true,
        codeSamples: (operation["x-codeSamples"] ?? []).map((/** @type {Node} */ { lang, label, source }) => ({
          lang,
          label: label ?? lang,
          source,
        })),
        affects: (operation["x-affects"] ?? []).map((/** @type {Node} */ { operationId, parameters }) => ({
          operationId,
          parameters: { ...parameters },
        })),
        ...(sunset ? { sunset } : {}),
        ...(operation["x-replaced-by"]
          ? {
              replacedBy: {
                operationId: operation["x-replaced-by"].operationId,
                parameters: { ...operation["x-replaced-by"].parameters },
              },
            }
          : {}),
        parameters,
        ...(body ? { body } : {}),
        responses,
        errorCodes,
        errorCodePointers,
      });
    }
  }
  return operations;
}

/** The operations of openapi/petstore.yaml. */
export const operations = readOperations();
const operationById = new Map(operations.map((operation) => [operation.operationId, operation]));

/**
 * @param {string} operationId
 * @returns {DocOperation}
 */
export function operation(operationId) {
  const found = operationById.get(operationId);
  if (!found) {
    throw new Error(`${operationId} is not an operation of the document`);
  }
  return found;
}

/**
 * The operation the document routes a method and path to (path below the base URL, still percent-encoded).
 * @param {string} method
 * @param {string} path
 * @param {DocOperation[]} [among] the operations of the document (default openapi/petstore.yaml's)
 * @returns {{ operation: DocOperation, params: Record<string, string> } | null}
 */
export function route(method, path, among = operations) {
  const actual = path.split("/").slice(1);
  for (const candidate of among) {
    if (candidate.method !== method.toUpperCase() || candidate.segments.length !== actual.length) {
      continue;
    }
    /** @type {Record<string, string>} */
    const params = {};
    const matches = candidate.segments.every((segment, index) => {
      const value = /** @type {string} */ (actual[index]);
      if (segment.startsWith("{")) {
        params[segment.slice(1, -1)] = value;
        return value !== "";
      }
      return segment === value;
    });
    if (matches) {
      return { operation: candidate, params };
    }
  }
  return null;
}

/**
 * The statuses an operation may answer through `Prefer: code=NNN`: its documented error statuses.
 * @param {DocOperation} op
 */
export const errorStatuses = (op) => [...op.responses.keys()].filter((status) => status >= 400);

/**
 * @param {DocOperation} op
 * @returns {number}
 */
export const successStatus = (op) =>
  /** @type {number} */ ([...op.responses.keys()].find((status) => status >= 200 && status < 300));
