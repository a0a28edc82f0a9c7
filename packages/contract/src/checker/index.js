// @ts-check
// @petstore/contract/checker: whether a response is one that openapi/petstore.yaml (or, for the mock's
// control API, openapi/control.yaml) allows.
export { checkControlExchange, checkControlFetchExchange } from "./control.js";
export { checkExchange, checkFetchExchange, formatViolation } from "./exchange.js";
export { parseLinkHeader } from "./paging.js";

/** @typedef {import("./exchange.js").Exchange} Exchange */
