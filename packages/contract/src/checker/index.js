// @ts-check
// @petstore/contract/checker: whether a response is one that openapi/petstore.yaml allows.
export { checkExchange, checkFetchExchange, formatViolation } from "./exchange.js";
export { parseLinkHeader } from "./paging.js";

/** @typedef {import("./exchange.js").Exchange} Exchange */
