// @ts-check
// @petstore/contract: the only reader of openapi/petstore.yaml.
export {
  at,
  demoApiKey,
  deref,
  document,
  documentPath,
  escapePointer,
  inline,
  limits,
  loadDocument,
  resolve,
} from "./document.js";
export { setDocumentVersion } from "./document-version.js";
export { idMaximum, orderQuantityMaximum, pageSize, stockMaximum } from "./facts.js";
export { errorStatuses, METHODS, operation, operations, readOperations, route, successStatus } from "./operations.js";

/** @typedef {import("./document.js").Node} Node */
/** @typedef {import("./document.js").Node} Schema */
/** @typedef {import("./document.js").Document} Document */
/** @typedef {import("./document.js").Limits} Limits */
/** @typedef {import("./operations.js").DocOperation} DocOperation */
/** @typedef {import("./operations.js").DocResponse} DocResponse */
/** @typedef {import("./operations.js").DocParameter} DocParameter */
/** @typedef {import("./operations.js").DocHeader} DocHeader */
/** @typedef {import("./operations.js").CodeSample} CodeSample */
