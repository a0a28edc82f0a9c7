// `--json FILE`: the whole report, as `verify()` returns it, with the key redacted.
import type { VerifyReport } from "../report.js";
import { redactKey } from "./redact.js";

export function renderJson(report: VerifyReport, apiKey: string): string {
  return `${JSON.stringify(redactKey(report, apiKey), null, 2)}\n`;
}
