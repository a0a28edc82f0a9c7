// What the CLI prints after a run: the summary, then each finding with the calls that reproduce it.
import { document, operations } from "@petstore/contract";
import type { Exchange, Finding, LedgerEntry, VerifyReport } from "../report.js";
import { reproductionScript } from "./curl.js";
import { API_KEY_VARIABLE, redactKey } from "./redact.js";

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
  const sections = [
    renderSummary(shown),
    ...shown.findings.map((finding, index) => renderFinding(finding, index, shown.findings.length)),
  ];
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
  // A read-only run is measured against the reads: it sends no write by design.
  const writes = new Set(
    operations.filter((operation) => operation.method !== "GET").map((operation) => operation.operationId),
  );
  const missed = report.operationsNotCovered.filter((id) => !(report.readOnly && writes.has(id)));
  const notCovered = missed.length > 0 ? ` (not called: ${missed.join(", ")})` : "";
  const coverage = report.readOnly
    ? `${report.operationsCovered.filter((id) => !writes.has(id)).length} of ${total - writes.size} reads covered${notCovered} (read-only: the ${writes.size} writes are not sent)`
    : `${covered} of ${total} covered${notCovered}`;
  const lines = [
    `petstore-verify: ${report.baseUrl}, run ${report.runId}, seed ${report.seed}${report.readOnly ? ", read-only" : ""}`,
    `  requests    ${report.requests}${byMethod ? ` (${byMethod})` : ""}`,
    `  operations  ${coverage}`,
    `  checks      ${report.checks.run} run, ${report.checks.failed} failed`,
    `  duration    ${(report.durationMs / 1000).toFixed(1)} s${report.stoppedEarly ? " (stopped early: the step or time bound ended the run)" : ""}`,
    `  leftovers   ${report.leftovers.length === 0 ? "none" : `${report.leftovers.length} record(s) the run created and could not delete:`}`,
    ...report.leftovers.map((leftover) => `                ${leftover.path}: ${leftover.reason}`),
    ...renderLedger(report.ledger ?? [], report.leftovers.length),
    `  findings    ${report.findings.length === 0 ? "none: the backend did what the document and the model expect" : report.findings.length}`,
  ];
  return lines.join("\n");
}

/** The writes of the run, by collection: what it created, changed and deleted, and whether all is gone again. */
export function renderLedger(ledger: LedgerEntry[], leftovers: number): string[] {
  if (ledger.length === 0) {
    return ["  writes      none"];
  }
  const collections = new Map<string, LedgerEntry[]>();
  for (const entry of ledger) {
    const collection = entry.path.slice(0, entry.path.lastIndexOf("/"));
    collections.set(collection, [...(collections.get(collection) ?? []), entry]);
  }
  const ids = (entries: LedgerEntry[]) =>
    idRanges(entries.map((entry) => Number(entry.path.slice(entry.path.lastIndexOf("/") + 1))));
  const lines = [...collections].map(([collection, entries]) => {
    const parts = [
      ["created", entries.filter((entry) => entry.created)],
      ["changed", entries.filter((entry) => entry.changes > 0)],
      ["deleted", entries.filter((entry) => entry.deleted)],
    ] as const;
    const said = parts
      .filter(([, some]) => some.length > 0)
      .map(([verb, some]) => `${verb} ${some.length} (${ids(some)})`);
    return `                ${collection.padEnd(14)}${said.join("; ")}`;
  });
  const notCreated = ledger.filter((entry) => !entry.created);
  const remaining = ledger.filter((entry) => entry.created && !entry.deleted);
  const restored =
    notCreated.length > 0
      ? `it wrote to ${notCreated.length} record(s) it did not create: ${notCreated.map((entry) => entry.path).join(", ")}`
      : remaining.length === 0
        ? "every record it created is deleted again; it changed no other record"
        : `every record it created is deleted again but ${remaining.length} (${remaining.map((entry) => entry.path).join(", ")})${leftovers > 0 ? ": see leftovers" : ""}; it changed no other record`;
  return [`  writes      ${ledger.length} record(s), ${restored}`, ...lines];
}

/** `1-4, 7, 9-10`: ids, sorted, with runs shortened. */
function idRanges(ids: number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) {
      end++;
    }
    ranges.push(end === start ? `${sorted[start]}` : `${sorted[start]}-${sorted[end]}`);
    start = end + 1;
  }
  return ranges.join(", ");
}

export function renderFinding(finding: Finding, index: number, count = index + 1): string {
  const last = finding.steps.at(-1);
  const calls = (n: number) => `${n} call${n === 1 ? "" : "s"}`;
  const cleanup = finding.cleanup ?? [];
  const script = reproductionScript(finding.steps, cleanup, { Authorization: `Bearer ${API_KEY_VARIABLE}` });
  const lines = [
    `Finding ${index + 1} of ${count}: ${finding.check} in ${finding.where}`,
    `  rule      ${finding.rule}`,
    `  request   ${finding.request}`,
    `  expected  ${indentAfterFirst(finding.expected, "            ")}`,
    `  received  ${indentAfterFirst(finding.received, "            ")}`,
    ...(finding.seenAs?.length ? [`  seen as   ${finding.seenAs.join(", ")}`] : []),
    ...(finding.occurrences > 1 ? [`  met       ${finding.occurrences} times; the first is shown`] : []),
    "",
    indent(finding.message, "  "),
    "",
    `  To reproduce (${calls(finding.steps.length)}${cleanup.length ? `, then ${calls(cleanup.length)} that delete${cleanup.length === 1 ? "s" : ""} what they created` : ""}; export PETSTORE_API_KEY first):`,
    ...script.steps.map((line) => `    ${line}`),
    ...(cleanup.length ? ["    # then, to delete what the calls above created:"] : []),
    ...script.cleanup.map((line) => `    ${line}`),
    ...(finding.leaves?.length ? ["  They leave:", ...finding.leaves.map((left) => `    ${left}`)] : []),
  ];
  if (last) {
    lines.push("", "  The last response:", indent(renderResponse(last), "    "));
  }
  return lines.join("\n");
}

const indentAfterFirst = (text: string, prefix: string) => text.split("\n").join(`\n${prefix}`);

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
