// The rules a run checks, by the names findings carry (`Finding.check`): one JUnit test case each.
export const CHECK_KINDS = [
  "document.status",
  "document.body",
  "document.header",
  "document.error-code",
  "model.record",
  "model.list-filter",
  "model.paging",
  "model.stock",
  "model.state-transition",
  "model.not-found",
  "model.auth",
  "model.invariant",
  "x-affects",
] as const;

/** One rule a run checks; `Finding.check` is one of them. */
export type Check = (typeof CHECK_KINDS)[number];

/** The checks only writes exercise: a `--read-only` run cannot fail them, and says so (JUnit `skipped`). */
export const WRITE_ONLY_CHECKS: readonly Check[] = ["model.stock", "model.state-transition", "x-affects"];

/** Each rule in words, as a finding states it. */
export const CHECK_RULES: Record<Check, string> = {
  "document.status": "the status is one the operation documents",
  "document.body": "the body matches the schema the document gives for the status",
  "document.header": "the headers the document declares are there and valid",
  "document.error-code": "an error's code is one the operation lists for that status",
  "model.record": "a record reads back as it was written",
  "model.list-filter": "a filtered list holds exactly the records the filter keeps, and counts them",
  "model.paging": "the pages of a list, followed by Link rel=next, hold every record once; X-Total-Count counts them",
  "model.stock": "an order reserves its quantity from the stock, a cancel returns it, nothing oversells",
  "model.state-transition":
    "the status rules: the last unit makes a pet pending, fulfilment sells it, in-use records are not deleted",
  "model.not-found": "a record that does not exist answers 404, and a deleted one is gone",
  "model.auth": "a request without a valid bearer key is refused with 401 and WWW-Authenticate",
  "model.invariant": "pets, orders, inventory and categories agree with each other",
  "x-affects": "a write changes only the reads its x-affects names",
};
