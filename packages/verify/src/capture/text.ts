// What `petstore-verify capture` prints: the summary (records per collection, what rules left out or
// fixed, the cap, the redaction, the file), then each finding as petstore-verify prints its own.

import { renderFinding } from "../report/text.js";
import { COLLECTIONS, type Collection } from "./records.js";
import type { CaptureReport } from "./report.js";
import { CAPTURE_RULES } from "./rules.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to escape
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` safe for a terminal: each control character but newline and tab as its `\\u` escape. */
export const printable = (text: string) =>
  text.replace(TERMINAL_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

const perCollection = (numbers: Record<Collection, number>) =>
  COLLECTIONS.map((collection) => `${collection} ${numbers[collection]}`).join(", ");

/** The summary and the findings; `file` is where the snapshot was written, when it was. */
export function renderCaptureText(report: CaptureReport, file?: string): string {
  const byAction = (action: "left out" | "fixed") =>
    report.changes.filter((change) => CAPTURE_RULES[change.rule].action === action);
  const perRule = (changes: CaptureReport["changes"]) => {
    const rules = new Map<string, number>();
    for (const change of changes) {
      rules.set(change.rule, (rules.get(change.rule) ?? 0) + 1);
    }
    return [...rules].map(([rule, count]) => `${count} by ${rule}`).join(", ");
  };
  const leftOut = byAction("left out");
  const fixed = byAction("fixed");
  const cappedTotal = COLLECTIONS.reduce((sum, collection) => sum + report.capped[collection], 0);
  const lines = [
    `petstore-verify capture: ${report.baseUrl}`,
    `  read        ${perCollection(report.read)} (${report.requests} GET requests, ${(report.durationMs / 1000).toFixed(1)} s)`,
    ...(report.stoppedAtCap.length
      ? [`              stopped at the document's cap of ${report.stoppedAtCap.join(", ")}: the list went on`]
      : []),
    `  captured    ${perCollection(report.captured)}`,
    `  left out    ${leftOut.length === 0 ? "none" : `${leftOut.length} (${perRule(leftOut)}; see the findings)`}`,
    `  fixed       ${fixed.length === 0 ? "none" : `${fixed.length} (${perRule(fixed)}; see the findings)`}`,
    `  capped      ${
      cappedTotal === 0
        ? "none"
        : `${perCollection(report.capped)} left out by ${report.maxPerCollection === undefined ? "the store's caps" : `--max-per-collection ${report.maxPerCollection}`}`
    }`,
    `  redacted    ${report.redacted.length === 0 ? "none" : report.redacted.join(", ")}`,
    ...(file === undefined ? [] : [`  written     ${file}`]),
    `  findings    ${report.findings.length === 0 ? "none: every record captured as it was read" : report.findings.length}`,
  ];
  const sections = [
    lines.join("\n"),
    ...report.findings.map((finding, index) => renderFinding(finding, index, report.findings.length)),
  ];
  return `${printable(sections.join("\n\n"))}\n`;
}
