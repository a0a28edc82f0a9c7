// @ts-check
// The mock's operation table (src/core/generated/contract.ts) and the validators it names.
import { at, document, inline } from "../document.js";
import { errorStatuses, readOperations, successStatus } from "../operations.js";
import { GENERATED_BY } from "./banner.js";
import { fieldsOf, toJsonSchema } from "./json-schema.js";
import { ValidatorSet } from "./mock-validators.js";
import { RECORDS, recordFields } from "./record-fields.js";

/** @typedef {import("../document.js").Node} Node */
/** @typedef {import("../operations.js").DocParameter} DocParameter */
/** @typedef {import("../operations.js").DocHeader} DocHeader */

/**
 * The CORS headers (`Access-Control-*`, `Vary`): only the standalone server sends them, from its
 * CORS policy, and the browser reads them itself, so they are neither exposed nor constant headers.
 * @param {string} name
 */
const isCorsHeader = (name) => /^access-control-/i.test(name) || name.toLowerCase() === "vary";

/**
 * Each `pattern` in the document with the description of its schema, to explain a mismatch in words.
 * @param {unknown} node
 * @param {Record<string, string>} [found]
 */
export function patternDescriptions(node, found = {}) {
  if (node && typeof node === "object") {
    const schema = /** @type {Node} */ (node);
    if (typeof schema.pattern === "string" && schema.description) {
      found[schema.pattern] = schema.description.trim();
    }
    for (const value of Object.values(schema)) {
      patternDescriptions(value, found);
    }
  }
  return found;
}

/** @param {DocParameter} parameter */
function describeParameter(parameter) {
  const schema = toJsonSchema(parameter.schema, "write");
  return {
    name: parameter.name,
    type: schema.type,
    ...(schema.type === "array" ? { itemType: schema.items.type } : {}),
    ...(schema.default !== undefined ? { default: schema.default } : {}),
    required: parameter.required,
  };
}

/** @param {DocParameter[]} parameters */
function parametersSchema(parameters) {
  const properties = Object.fromEntries(
    parameters.map((parameter) => [parameter.name, toJsonSchema(parameter.schema, "write")]),
  );
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return { type: "object", properties, additionalProperties: false, ...(required.length ? { required } : {}) };
}

/**
 * The value of a header the mock does not compute: the schema's single `enum` value, else (with
 * `orExample`) the header's `example`; null when there is none, and the mock computes the value.
 * @param {DocHeader} header
 * @param {boolean} orExample
 * @returns {string | null}
 */
function constantValue(header, orExample) {
  if (header.schema.enum?.length === 1) {
    return header.schema.enum[0];
  }
  return orExample && header.example !== undefined ? String(header.example) : null;
}

/**
 * The path of the record a creating operation (one whose success response has `Location`) adds:
 * the path of the `get` operation on `{collection}/{id}`.
 * @param {import("../operations.js").DocOperation} creator
 * @param {import("../operations.js").DocOperation[]} operations
 */
function createdRecordPath(creator, operations) {
  const read = operations.find(
    ({ method, segments }) =>
      method === "GET" &&
      segments.length === creator.segments.length + 1 &&
      creator.segments.every((segment, index) => segments[index] === segment) &&
      /^\{\w+\}$/.test(/** @type {string} */ (segments.at(-1))),
  );
  if (!read) {
    throw new Error(`${creator.operationId} answers with a Location, but no get operation reads ${creator.path}/{id}`);
  }
  return read.path;
}

/**
 * Generates packages/mock/src/core/generated/{contract.ts, validators.js, validators.d.ts}.
 * @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml)
 * @returns {Record<string, string>} contents by file name
 */
export function generateMockContract(doc = document) {
  const operations = readOperations(doc);
  const documents = Object.entries(doc.components.schemas ?? {}).filter(([, schema]) => schema["x-validator"] === true);
  // With a file's format to check, the validators it refers to are called from its code, not copied into it.
  const validators = new ValidatorSet({ inlineRefs: documents.length === 0 });
  /** Every non-CORS response header the document declares, in order of first use: what a browser may read. */
  const responseHeaders = new Set();
  /** @type {Record<string, string>} */
  const createdRecordPaths = {};
  const table = operations.map((operation) => {
    const { operationId } = operation;
    /** @param {DocParameter["in"]} location */
    const byLocation = (location) => operation.parameters.filter((parameter) => parameter.in === location);
    const bodySchema = operation.body && toJsonSchema(operation.body.schema, "write");
    const bodyName = `${operation.body?.schema["x-ref"] ?? operationId}Body`;
    const validatorNames = {
      path: validators.add(`${operationId}Path`, parametersSchema(byLocation("path"))),
      query: validators.add(`${operationId}Query`, parametersSchema(byLocation("query"))),
      header: validators.add(`${operationId}Header`, {
        ...parametersSchema(byLocation("header")),
        additionalProperties: true,
      }),
      ...(bodySchema ? { body: validators.add(bodyName, bodySchema) } : {}),
    };
    for (const response of operation.responses.values()) {
      for (const { name } of response.headers.filter(({ name }) => !isCorsHeader(name))) {
        responseHeaders.add(name);
      }
    }
    /**
     * @param {number} status
     * @param {boolean} orExample
     */
    const constantHeaders = (status, orExample) =>
      Object.fromEntries(
        (operation.responses.get(status)?.headers ?? [])
          .filter(({ name }) => !isCorsHeader(name))
          .map((header) => [header.name, constantValue(header, orExample)]),
      );
    const success = successStatus(operation);
    const successHeaders = constantHeaders(success, false);
    if ("Location" in successHeaders) {
      createdRecordPaths[operationId] = createdRecordPath(operation, operations);
    }
    // The headers an error answer carries with the document's value (`WWW-Authenticate` on 401,
    // `Retry-After` on 429 and 503), for the errors the mock simulates.
    const errors = errorStatuses(operation);
    const errorHeaders = Object.fromEntries(
      errors
        .map((status) => /** @type {const} */ ([status, constantHeaders(status, true)]))
        .filter(([, headers]) => Object.keys(headers).length > 0),
    );
    return {
      operationId,
      method: operation.method,
      path: operation.path,
      tag: operation.tag,
      deprecated: operation.deprecated,
      stability: operation.stability,
      successStatus: success,
      successHeaders,
      errorStatuses: errors,
      errorCodes: operation.errorCodes,
      errorHeaders,
      pathParameters: byLocation("path").map(describeParameter),
      queryParameters: byLocation("query").map(describeParameter),
      body: operation.body && bodySchema ? { required: operation.body.required, fields: fieldsOf(bodySchema) } : null,
      validators: validatorNames,
    };
  });

  for (const record of RECORDS) {
    validators.add(
      `${record}Record`,
      toJsonSchema(inline(at(`#/components/schemas/${record}`, doc), doc), "read", record),
    );
  }

  // A schema marked `x-validator: true` that no operation carries (a file's format, e.g. control.yaml's
  // StateFile) gets a validator of its own, `${name}Document`; a part of it that is a validator already (a
  // body's schema) is called, not compiled again.
  for (const [name, schema] of documents) {
    validators.add(`${name}Document`, validators.referring(toJsonSchema(inline(schema, doc), "write", name)));
  }

  const session = at("#/components/parameters/PetstoreSession", doc);
  const constants = {
    title: doc.info.title,
    version: doc.info.version,
    // The first server is the local mock, a concrete URL (generated clients default to it).
    defaultBaseUrl: doc.servers[0]?.url,
    limits: doc.info["x-limits"],
    demoApiKey: doc.components.securitySchemes.bearerAuth["x-demo-key"],
    wwwAuthenticate: inline(at("#/components/headers/WWW-Authenticate/schema", doc), doc).enum[0],
    maxStock: at("#/components/schemas/StockQuantity/maximum", doc),
    // The longest texts the records take, in code points as JSON Schema counts (e.g. for states at the maxima).
    maxLengths: {
      name: at("#/components/schemas/Name/maxLength", doc),
      categoryDescription: at("#/components/schemas/CategoryDescription/maxLength", doc),
    },
    // The largest record id; a collection that gave it out creates no more (507 STORAGE_FULL).
    maxId: at("#/components/schemas/Id/maximum", doc),
    errorCodes: at("#/components/schemas/ErrorCode/enum", doc),
    responseHeaders: [...responseHeaders],
    patternDescriptions: patternDescriptions(doc.components),
    // The mock-only header that picks a session's store, and the names it accepts.
    ...(session && {
      sessionHeader: {
        name: session.name,
        pattern: session.schema.pattern,
        minLength: session.schema.minLength,
        maxLength: session.schema.maxLength,
      },
    }),
    createdRecordPaths,
    // Each record's properties in the order the document declares them: the order every record is stored and
    // written in, whatever made it (seed, create, update, a snapshot or a state file).
    recordFields: recordFields(doc),
  };

  const contract = `${GENERATED_BY}
export const contract = ${JSON.stringify(constants, null, 2)} as const;

export const operations = ${JSON.stringify(table, null, 2)} as const;

export type OperationId = (typeof operations)[number]["operationId"];
export type ErrorCode = (typeof contract.errorCodes)[number];
`;
  return { "contract.ts": contract, "validators.js": validators.source(), "validators.d.ts": validators.types() };
}
