// The bearer key never reaches a report: every rendering shows the shell variable that holds it.
import type { VerifyReport } from "../report.js";

/** What stands for the key in every rendering; curl lines expand it from the environment. */
export const API_KEY_VARIABLE = "$PETSTORE_API_KEY";

/**
 * A copy of `report` with every occurrence of `apiKey` (in headers, URLs, bodies, messages) replaced by
 * `$PETSTORE_API_KEY`. Other keys a run sent on purpose (a wrong key, to see the 401) stay as they were.
 */
export function redactKey(report: VerifyReport, apiKey: string): VerifyReport {
  if (apiKey === "") {
    return report;
  }
  return JSON.parse(JSON.stringify(report), (_key, value: unknown) =>
    typeof value === "string" ? value.replaceAll(apiKey, API_KEY_VARIABLE) : value,
  ) as VerifyReport;
}
