// A prediction the backend did not meet, named by the rule that broke (the report's `check`).

import type { Check } from "../checks.js";
import type { WireViolation } from "../http/target.js";

export type { Check };

/** A prediction of the model (or a rule of the document) that the backend did not meet. */
export class Failure extends Error {
  override name = "Failure";
  /** The operation where it broke (`placeOrder`), or `the state read back`; set by the runner. */
  where: string | undefined;
  /** The record fields it saw change, as `pets.name`, when its thrower names them (an undeclared change's). */
  fields: readonly string[] | undefined;
  constructor(
    readonly check: Check,
    message: string,
    /** What the document or the model expected of the last response. */
    readonly expected = "",
    /** What came back instead, in the same terms as `expected` (so the two read side by side). */
    readonly received = "",
  ) {
    super(message);
  }
}

/** The document rule a wire violation broke, from what the checker says broke (`where`). */
export function documentCheck(violation: WireViolation): Check {
  if (violation.where === "status" || violation.where === "route") {
    return "document.status";
  }
  if (violation.where === "body/code") {
    return "document.error-code";
  }
  // The document declares how a list filters (x-filter): a listed record the filter does not keep.
  if (violation.message.startsWith("does not match the filters")) {
    return "model.list-filter";
  }
  return violation.where.startsWith("header") ? "document.header" : "document.body";
}

/** The rule an expected error code stands for (the codes the document lists for 404 and 409). */
export function checkForCode(status: number, code: string | undefined): Check {
  if (status === 404) {
    return "model.not-found";
  }
  if (status === 401) {
    return "model.auth";
  }
  if (code === "INSUFFICIENT_STOCK" || code === "STOCK_LIMIT_EXCEEDED") {
    return "model.stock";
  }
  return status === 409 ? "model.state-transition" : "model.record";
}
