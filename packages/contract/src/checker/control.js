// @ts-check
// Checks a response of the mock's control API against openapi/control.yaml (self-contained, see ../control.js),
// with the same rules as the API's responses (exchange.js): status, headers, content, body schema, Error codes.
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import { controlDocument, controlOperations } from "../control.js";
import { route } from "../operations.js";
import { checkExchange, checkFetchExchange } from "./exchange.js";

/** @type {{ formats: Record<string, import("ajv").Format> }} */
const formatsModule = createRequire(import.meta.url)("./formats.cjs");

/** @type {Ajv | undefined} Made on first use: few tests check control responses. */
let ajv;
/** @type {Map<string, import("ajv").ValidateFunction>} */
const compiled = new Map();

/**
 * Validates a value against the schema at a pointer of the control document; one problem per ajv error.
 * @param {string} pointer
 * @param {unknown} value
 * @returns {import("./schema.js").Problem[]}
 */
function validateAt(pointer, value) {
  let validate = compiled.get(pointer);
  if (!validate) {
    ajv ??= new Ajv({ strict: false, allErrors: true, validateSchema: false, formats: formatsModule.formats });
    if (!ajv.getSchema("control")) {
      ajv.addSchema(controlDocument, "control");
    }
    validate = ajv.compile({ $ref: `control${pointer}` });
    compiled.set(pointer, validate);
  }
  if (validate(value)) {
    return [];
  }
  return (validate.errors ?? []).map((error) => ({
    where: error.instancePath,
    // Past a `$ref`, ajv names the rule from the document's root (`#/components/...`).
    schemaPath: /^#\/(components|paths)\//.test(error.schemaPath)
      ? error.schemaPath
      : `${pointer}${error.schemaPath.replace(/^#/, "")}`,
    message: `${error.message ?? "is invalid"}${error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : ""}`,
  }));
}

/** @type {import("./exchange.js").CheckedApi} */
const controlApi = { route: (method, path) => route(method, path, controlOperations), validateAt };

/**
 * Every way a response of the control API breaks openapi/control.yaml; empty when it conforms.
 * @param {import("./exchange.js").Exchange} exchange
 */
export const checkControlExchange = (exchange) => checkExchange(exchange, controlApi);

/**
 * Checks a Fetch API response of the control API (cloned, so the caller can still read it).
 * @param {{ method: string, url: string }} request
 * @param {Response} response
 * @param {string} baseUrl
 */
export const checkControlFetchExchange = (request, response, baseUrl) =>
  checkFetchExchange(request, response, baseUrl, controlApi);
