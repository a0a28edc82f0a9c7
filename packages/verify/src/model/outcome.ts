// What a response must be: one that conforms to the document, with the status (and error code) the
// model predicts. A response that breaks the document's schema of a record names the record fields it
// breaks (`pets.categoryId`): one renamed field is one defect, whichever operation answers it, and the
// model's failures on that field follow from it (run/causes.ts).

import type { ApiResponse, WireViolation } from "../http/target.js";
import { brief } from "./diff.js";
import { type Check, checkForCode, documentCheck, Failure } from "./failure.js";
import { recordsOf } from "./fields.js";

/** A response in one line: the status, the error code when there is one, else an excerpt of the body. */
export function describeResponse(response: ApiResponse): string {
  const code = (response.json as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") {
    return `${response.status} ${code}`;
  }
  const body = response.text.length > 120 ? `${response.text.slice(0, 117)}...` : response.text;
  return body ? `${response.status} ${body}` : `${response.status}`;
}

/** Fails unless the response conforms to the document and has `status` (and the error `code`). */
export function expectOutcome(what: string, response: ApiResponse, status: number, code?: string, check?: Check): void {
  const got = (response.json as { code?: string } | undefined)?.code;
  const expected = `${status}${code ? ` ${code}` : ""}`;
  const [violation] = response.wireViolations;
  if (violation) {
    const failure = new Failure(
      documentCheck(violation),
      `${what}: the response breaks the document:\n  ${response.violations.join("\n  ")}`,
      `${violation.where}: ${violation.message}`,
      violationReceived(violation.where, response),
    );
    const fields = failure.check === "document.body" ? schemaFields(response.wireViolations) : [];
    failure.fields = fields.length ? fields : undefined;
    throw failure;
  }
  if (response.status !== status || (code !== undefined && got !== code)) {
    throw new Failure(
      check ?? checkForCode(status, code),
      `${what}: the model expects ${expected}, the backend answered ${describeResponse(response)}`,
      expected,
      describeResponse(response),
    );
  }
}

/** What a response holds where the document's rule broke: the status, a header, or the body. */
function violationReceived(where: string, response: ApiResponse): string {
  if (where === "status" || where === "route") {
    return describeResponse(response);
  }
  const header = /^header ([\w-]+)/.exec(where)?.[1];
  if (header) {
    const value = response.headers.get(header);
    return value === null ? `no ${header} header` : `${header}: ${value}`;
  }
  if (where.startsWith("body/") && response.json !== undefined) {
    let value: unknown = response.json;
    for (const segment of where.split("/").slice(1)) {
      value = (value as Record<string, unknown> | undefined)?.[decodeURIComponent(segment)];
    }
    return `${where}: ${brief(value)}`;
  }
  return describeResponse(response);
}

/**
 * The record fields the body of a response breaks the document's schema of (`pets.categoryId`): a
 * property it lacks, has too many of, or whose value is wrong; none for a rule of the whole body.
 */
export function schemaFields(violations: readonly WireViolation[]): string[] {
  const fields = violations.flatMap((violation) => {
    const records = recordsOf(violation.operationId);
    if (!records || !violation.where.startsWith("body") || !violation.schemaPath?.startsWith("#/components/schemas/")) {
      return [];
    }
    const property =
      /required property '([^']+)'/.exec(violation.message)?.[1] ??
      /additional properties \(([^)]+)\)/.exec(violation.message)?.[1] ??
      violation.where
        .split("/")
        .slice(1)
        .filter((segment) => !/^\d+$/.test(segment))
        .at(-1);
    return property ? property.split(/,\s*/).map((name) => `${records}.${name}`) : [];
  });
  return [...new Set(fields)].sort();
}
