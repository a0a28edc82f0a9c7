// The findings of a capture, in petstore-verify's format: one per rule that touched records, listing
// them (the first few in full) with the page that answered the first, and one per kind of document
// rule the answers themselves broke (a header, a page as a whole).

import { CHECK_RULES } from "../checks.js";
import type { Exchange, Finding } from "../report.js";
import { type Accepted, pageKey } from "./accept.js";
import { groupBy } from "./group-by.js";
import type { ReadList } from "./read.js";
import { COLLECTION_PATHS, COLLECTIONS, type Collection, recordName } from "./records.js";
import { CAPTURE_RULES, type CaptureChange } from "./rules.js";

/** Records a finding names one by one; the rest are counted. */
const LISTED = 10;

const EXPECTED = {
  "document.body": "every record as the document's schema describes it",
  "model.record": "every record as the mock's store keeps it",
  "model.paging": "each record on exactly one page of its list",
  "model.invariant": "records within the document's state rules (the model's invariants)",
} as const;

export function captureFindings(
  changes: readonly CaptureChange[],
  pages: Accepted["pages"],
  read: Record<Collection, ReadList>,
): Finding[] {
  const findings: Finding[] = [];
  const byRule = groupBy(changes, (change) => change.rule);
  for (const [name, touched] of byRule) {
    const rule = CAPTURE_RULES[name];
    const listed = touched
      .slice(0, LISTED)
      .map((change) => `${recordName(change.collection, change.key)}: ${change.why}`);
    const more = touched.length > LISTED ? [`… and ${touched.length - LISTED} more`] : [];
    const first = touched[0]!;
    const page =
      pages.get(pageKey(first.collection, first.key)) ??
      (first.collection === "inventory" ? pages.get(pageKey("pets", first.key)) : undefined);
    findings.push({
      ...captured(rule.check, `capture rule ${name}`, page),
      received: `${touched.length} record${touched.length === 1 ? "" : "s"}; the first: ${listed[0] ?? ""}`,
      occurrences: touched.length,
      message: [
        `${touched.length} record${touched.length === 1 ? "" : "s"} ${rule.action} (${name}): ${rule.says}.`,
        ...listed,
        ...more,
      ].join("\n"),
      steps: page ? [page] : [],
      expected: EXPECTED[rule.check],
    });
  }
  for (const collection of COLLECTIONS) {
    const byCheck = groupBy(read[collection].answerViolations, (violation) => violation.check);
    for (const [check, violations] of byCheck) {
      const lines = [...new Set(violations.map((violation) => violation.message))];
      findings.push({
        ...captured(violations[0]!.check, `GET ${COLLECTION_PATHS[collection]}`, violations[0]!.page),
        received: lines[0] ?? "",
        occurrences: violations.length,
        message: [
          `${violations.length} answer${violations.length === 1 ? "" : "s"} of GET ${COLLECTION_PATHS[collection]} broke the document (${check}); their records were kept:`,
          ...lines.slice(0, LISTED),
          ...(lines.length > LISTED ? [`… and ${lines.length - LISTED} more`] : []),
        ].join("\n"),
        steps: [violations[0]!.page],
        expected: "every answer as the document describes it",
      });
    }
  }
  return findings;
}

/** What every capture finding shares: the rule in words, the page that showed it, nothing to clean up. */
function captured(check: Finding["check"], where: string, page: Exchange | undefined) {
  return {
    check,
    rule: CHECK_RULES[check],
    where,
    request: page ? `${page.method} ${new URL(page.url).pathname}${new URL(page.url).search}` : "(none)",
    foundBy: "capture" as const,
    cleanup: [],
    leaves: [],
  };
}
