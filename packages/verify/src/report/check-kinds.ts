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
