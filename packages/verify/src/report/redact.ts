// The bearer key never reaches a report: every rendering shows the shell variable that holds it.
import type { VerifyReport } from "../report.js";

/** What stands for the key in every rendering; curl lines expand it from the environment. */
export const API_KEY_VARIABLE = "$PETSTORE_API_KEY";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` with every occurrence of `apiKey` replaced by `$PETSTORE_API_KEY`, in one pass that leaves the
 * placeholders already there as they are (a short key such as `K` would otherwise be found in them again,
 * `$PETSTORE_API_$PETSTORE_API_KEYEY`). Only when a key overlaps a placeholder is it replaced plainly, so that
 * it is never printed, whatever the placeholders then look like.
 */
export function withoutKey(text: string, apiKey: string): string {
  if (apiKey === "") {
    return text;
  }
  const once = text.replace(new RegExp(`${escaped(API_KEY_VARIABLE)}|${escaped(apiKey)}`, "g"), API_KEY_VARIABLE);
  return showsKey(once, apiKey) ? text.replaceAll(apiKey, API_KEY_VARIABLE) : once;
}

/** Whether `key` occurs in `text` anywhere but inside a placeholder (`K` in `$PETSTORE_API_KEY` is no key). */
function showsKey(text: string, key: string): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    const placeholder = text.lastIndexOf(API_KEY_VARIABLE, at);
    if (placeholder === -1 || at + key.length > placeholder + API_KEY_VARIABLE.length) {
      return true;
    }
  }
  return false;
}

/**
 * A copy of `report` with every occurrence of `apiKey` (in headers, URLs, bodies, messages) replaced by
 * `$PETSTORE_API_KEY`. Other keys a run sent on purpose (a wrong key, to see the 401) stay as they were.
 */
export function redactKey(report: VerifyReport, apiKey: string): VerifyReport {
  if (apiKey === "") {
    return report;
  }
  return JSON.parse(JSON.stringify(report), (_key, value: unknown) =>
    typeof value === "string" ? withoutKey(value, apiKey) : value,
  ) as VerifyReport;
}
