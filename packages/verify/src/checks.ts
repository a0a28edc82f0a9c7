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
