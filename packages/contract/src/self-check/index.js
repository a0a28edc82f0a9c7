// @ts-check
// @petstore/contract/self-check: the test self-check, which holds every mock response to the document.
export { installSelfCheck } from "./install.js";
export { watchMswServer } from "./msw.js";
export { assertNoViolations, recordViolations, takeViolations } from "./violations.js";

/** @typedef {import("./install.js").ObservedExchange} ObservedExchange */
/** @typedef {import("./install.js").ObserveResponses} ObserveResponses */
/** @typedef {import("./violations.js").OnChecked} OnChecked */
