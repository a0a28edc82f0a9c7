// One defect, one finding: the fact a failure says is wrong, when more than one check can see it. A
// count one too high fails the paging check, the page length the document derives from the count, and
// the Link it implies; a wrong header fails on every operation that answers it; a change no x-affects
// declares leaves records that differ from the model's wherever they are read. Failures of one fact
// fold into the first finding, which lists where else they were seen.

import type { Failure } from "../model/failure.js";
import { fieldsOf } from "../model/fields.js";

/** The fields a record takes from another record (an inventory entry's status is its pet's). */
const DERIVED_FIELDS = new Set(["inventory.status"]);

/** The paging facts of one list: a wrong one shows in the others (a count implies a page's length and its Link). */
const PAGING_FACTS = new Set(["count", "link", "limit", "records"]);

/**
 * The one fact a failure is about, when several checks or places can see it: a list's `count`
 * (X-Total-Count), its `link`s, a page past its `limit`, the `records` its pages hold, or `header NAME`.
 * Undefined for a failure that is its own fact (a record, a stock, a status).
 */
export function factOf(failure: Failure): string | undefined {
  const text = `${failure.message}\n${failure.expected}`;
  if (failure.check === "x-affects" && failure.fields?.length) {
    return `undeclared ${failure.fields.join(", ")}`; // one change, whichever write made it
  }
  if (failure.check === "document.body" && failure.fields?.length) {
    return `schema ${failure.fields.join(", ")}`; // a record's field out of the document, whichever operation answers it
  }
  const way = /a request with (.+?) was not refused/.exec(failure.message)?.[1];
  if (failure.check === "model.auth" && way) {
    return `auth: ${way}`; // the same key accepted by reads and writes
  }
  // An inventory entry's status is its pet's: an entry answered with another, by id, in a list or outside the
  // status filter its pet matches (model/list-compare.ts), is that one fact (not the stock, which its quantity
  // shows; not the filter).
  const fields = fieldsOf(failure);
  if (failure.check === "model.record" && DERIVED_FIELDS.has(fields.join())) {
    return `derived ${fields.join()}`;
  }
  // An order that does not take its stock also leaves its pet available (the last unit makes it
  // pending): one fact, the stock, whether seen in a quantity, a refusal or the pet's status.
  if (failure.check === "model.stock" || /PET_NOT_AVAILABLE|INSUFFICIENT_STOCK/.test(text) || pendingOrNot(failure)) {
    return "stock";
  }
  // The state read back after a run's findings differs where they left it.
  if (failure.where === STATE_READ_BACK && failure.check.startsWith("model.")) {
    return "state";
  }
  if (failure.check === "document.header") {
    const header = /header ([\w-]+)/i.exec(failure.expected)?.[1]?.toLowerCase();
    if (header === "link") {
      return "link";
    }
    return header === "x-total-count" ? "count" : header ? `header ${header}` : undefined;
  }
  if (/X-Total-Count/i.test(text) && ["model.paging", "model.list-filter", "document.body"].includes(failure.check)) {
    return "count";
  }
  if (failure.check !== "model.paging") {
    return undefined;
  }
  if (/more records than its limit/.test(text)) {
    return "limit";
  }
  return /Link|rel=next/.test(text) ? "link" : "records";
}

const STATE_READ_BACK = "the state read back";

/**
 * Whether the place of a failure folded into a finding by `cause` becomes the finding's too: a key accepted
 * in one way by reads and by writes is not checked there, so any way writes accept it is the same defect.
 */
export const foldsPlace = (cause: Cause): boolean => cause.fact?.startsWith("auth: ") === true;

/** What a finding is folded by: its fact, its check, its place, and the record fields it saw differ. */
export interface Cause {
  fact: string | undefined;
  check: string;
  where: string;
  fields: readonly string[];
}

export const causeOf = (failure: Failure): Cause => ({
  fact: factOf(failure),
  check: failure.check,
  where: failure.where ?? "",
  fields: fieldsOf(failure),
});

/**
 * Whether `symptom` follows from the field `change` found wrong: the undeclared change of an x-affects
 * finding (a pet a category write renamed, in the state read back or in a write's answer), or a record's
 * field the backend answers out of the document (a renamed `categoryId` the model then reads as none:
 * pets in no category, a category in use deleted). A model failure only in those fields follows from it.
 * The one cause a finding found later folds an earlier one into (findings.ts).
 */
export const followsFrom = (change: Cause, symptom: Cause): boolean =>
  (change.check === "x-affects" || change.check === "document.body") &&
  symptom.check.startsWith("model.") &&
  symptom.fields.length > 0 &&
  symptom.fields.every((field) => change.fields.includes(field));

/**
 * Whether a failure of `cause` is a symptom of the finding of `first`: the same fact anywhere (a
 * header wrong on every 401, a Link missing on every list), paging facts of the same list, the
 * state read back differing from the model after a finding of the model, or a record an undeclared
 * change changed.
 */
export function sameCause(first: Cause, cause: Cause): boolean {
  if (followsFrom(first, cause)) {
    return true;
  }
  if (cause.fact === "state" && first.check.startsWith("model.")) {
    return true;
  }
  if (!first.fact || !cause.fact) {
    return false;
  }
  if (first.fact === cause.fact) {
    return true;
  }
  return first.where === cause.where && PAGING_FACTS.has(first.fact) && PAGING_FACTS.has(cause.fact);
}

/** How a symptom is named in a finding's `seenAs`: the check and the place. */
export const symptomOf = (failure: Failure) => `${failure.check} in ${failure.where ?? "an unknown place"}`;

/** Whether a pet read `available` where the model predicts `pending`, or the other way round. */
function pendingOrNot({ expected, received }: Failure): boolean {
  const says = (text: string, status: string) => text.includes(`"status":"${status}"`);
  return (
    (says(expected, "pending") && says(received, "available")) ||
    (says(expected, "available") && says(received, "pending"))
  );
}
