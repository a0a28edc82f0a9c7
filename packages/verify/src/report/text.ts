// What the CLI prints after a run: the summary, then each finding with the calls that reproduce it.
import { document } from "@petstore/contract";
import type { Exchange, Finding, VerifyReport } from "../report.js";
import { curlCommand } from "./curl.js";
import { redactKey } from "./redact.js";

/** Response headers worth showing: the ones the document declares, and the body's type. */
const RELEVANT_HEADERS = new Set([
  "content-type",
  ...Object.keys(document.components.headers).map((name) => name.toLowerCase()),
]);
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to escape
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** How much of a response body a finding shows; the JSON report keeps what the run kept. */
const BODY_EXCERPT_CHARS = 600;

export function renderText(report: VerifyReport, apiKey: string): string {
  const shown = redactKey(report, apiKey);
  const sections = [renderSummary(shown), ...shown.findings.map((finding, index) => renderFinding(finding, index))];
  // A backend's bytes (in bodies, and in messages that quote them) must not drive the terminal.
  const printable = sections
    .join("\n\n")
    .replace(TERMINAL_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${printable}\n`;
}

export function renderSummary(report: VerifyReport): string {
  const byMethod = Object.entries(report.requestsByMethod)
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");
  const covered = report.operationsCovered.length;
  const total = covered + report.operationsNotCovered.length;
  const notCovered =
    report.operationsNotCovered.length > 0 ? ` (not called: ${report.operationsNotCovered.join(", ")})` : "";
  const lines = [
    `petstore-verify: ${report.baseUrl}, run ${report.runId}, seed ${report.seed}${report.readOnly ? ", read-only" : ""}`,
    `  requests    ${report.requests}${byMethod ? ` (${byMethod})` : ""}`,
    `  operations  ${covered} of ${total} covered${notCovered}`,
    `  checks      ${report.checks.run} run, ${report.checks.failed} failed`,
    `  duration    ${(report.durationMs / 1000).toFixed(1)} s${report.stoppedEarly ? " (stopped early: the step or time bound ended the run)" : ""}`,
    `  leftovers   ${report.leftovers.length === 0 ? "none" : `${report.leftovers.length} record(s) the run created and could not delete:`}`,
    ...report.leftovers.map((leftover) => `                ${leftover.path}: ${leftover.reason}`),
    `  findings    ${report.findings.length === 0 ? "none: the backend did what the document and the model expect" : report.findings.length}`,
  ];
  return lines.join("\n");
}

export function renderFinding(finding: Finding, index: number): string {
  const last = finding.steps.at(-1);
  const lines = [
    `Finding ${index + 1}: ${finding.check}`,
    indent(finding.message, "  "),
    "",
    `  To reproduce (${finding.steps.length} call${finding.steps.length === 1 ? "" : "s"}; export PETSTORE_API_KEY first):`,
    ...finding.steps.map((step) => `    ${curlCommand(step)}`),
  ];
  if (last) {
    lines.push("", "  Received:", indent(renderResponse(last), "    "));
  }
  if (finding.expected) {
    lines.push("", "  Expected:", indent(finding.expected, "    "));
  }
  return lines.join("\n");
}

function renderResponse({ response }: Exchange): string {
  const headers = Object.entries(response.headers)
    .filter(([name]) => RELEVANT_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => `${name}: ${value}`);
  const body =
    response.body.length > BODY_EXCERPT_CHARS
      ? `${response.body.slice(0, BODY_EXCERPT_CHARS)}… (${response.body.length} characters in all)`
      : response.body;
  return [`HTTP ${response.status}`, ...headers, ...(body ? ["", body] : [])].join("\n");
}

const indent = (text: string, prefix: string) =>
  text
    .split("\n")
    .map((line) => (line ? prefix + line : line))
    .join("\n");
