// @ts-check
// @petstore/contract: the only reader of openapi/petstore.yaml (and of openapi/control.yaml, which refers to it).
export { bundleControlDocument, controlDocument, controlOperations } from "./control.js";
export {
  at,
  demoApiKey,
  document,
  documentPath,
  inline,
  limits,
  loadDocument,
  resolve,
} from "./document.js";
export { idMaximum, orderQuantityMaximum, pageSize, stockMaximum } from "./facts.js";
export { interfaceFingerprint, interfacePart } from "./interface-fingerprint.js";
export {
  checkInterfaceVersion,
  currentInterface,
  INTERFACE_RECORD,
  readInterfaceRecord,
  writeInterfaceRecord,
} from "./interface-version.js";
export { FILTER_MATCHES, readList as documentList } from "./lists.js";
export { errorStatuses, operation, operations, readOperations, route, successStatus } from "./operations.js";
export {
  compactExpression,
  EXPRESSION_FORMS,
  evaluateCompact,
  evaluateExpression,
  parseExpression,
  pointerSegments,
  valueAt,
} from "./runtime/affects-expression.js";
export { sampleRequest, sampleRequests } from "./samples.js";

/** @typedef {import("./document.js").Node} Schema */
/** @typedef {import("./operations.js").DocOperation} DocOperation */
/** @typedef {import("./lists.js").DocList} DocList */
/** @typedef {import("./lists.js").DocFilter} DocFilter */
/** @typedef {import("./operations.js").DocParameter} DocParameter */
/** @typedef {import("./operations.js").DocAffect} DocAffect */
/** @typedef {import("./samples.js").SampleRequest} SampleRequest */
