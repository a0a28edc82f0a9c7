// @petstore/verify: checks a real Petstore backend against openapi/petstore.yaml and the reference model.
export type { VerifyOptions } from "./options.js";
export type { Exchange, Finding, Leftover, VerifyReport } from "./report.js";
export { CannotRun } from "./report.js";
export { verify } from "./verify.js";
