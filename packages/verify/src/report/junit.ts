// `--junit FILE`: JUnit XML as CI systems read it. One test suite, `petstore-verify`; a test case per
// check kind, failing with one <failure> per finding of that kind.

import { CHECK_KINDS, WRITE_ONLY_CHECKS } from "../checks.js";
import type { Finding, VerifyReport } from "../report.js";
import { redactKey } from "./redact.js";
import { renderFinding } from "./text.js";

export function renderJunit(report: VerifyReport, apiKey: string): string {
  const shown = redactKey(report, apiKey);
  const byKind = new Map<string, Finding[]>(CHECK_KINDS.map((kind) => [kind, []]));
  for (const finding of shown.findings) {
    byKind.set(finding.check, [...(byKind.get(finding.check) ?? []), finding]);
  }
  const failing = [...byKind.values()].filter((findings) => findings.length > 0).length;
  const seconds = (shown.durationMs / 1000).toFixed(3);
  const skipped = shown.readOnly ? WRITE_ONLY_CHECKS.length : 0;
  const cases = [...byKind].map(([kind, findings]) => {
    const open = `    <testcase classname="petstore-verify" name="${xmlAttribute(kind)}" time="0">`;
    if (shown.readOnly && (WRITE_ONLY_CHECKS as readonly string[]).includes(kind)) {
      return `${open}<skipped message="a --read-only run sends no write"/></testcase>`;
    }
    if (findings.length === 0) {
      return `${open}</testcase>`;
    }
    const failures = findings.map(
      (finding) =>
        `      <failure type="${xmlAttribute(kind)}" message="${xmlAttribute(firstLine(finding.message))}">${xmlText(renderFinding(finding, shown.findings.indexOf(finding)))}</failure>`,
    );
    return [open, ...failures, "    </testcase>"].join("\n");
  });
  const properties = [
    ["baseUrl", shown.baseUrl],
    ["seed", String(shown.seed)],
    ["runId", shown.runId],
    ["readOnly", String(shown.readOnly)],
    ["requests", String(shown.requests)],
    ["checks", `${shown.checks.run} run, ${shown.checks.failed} failed`],
    ["leftovers", shown.leftovers.map((leftover) => `${leftover.path}: ${leftover.reason}`).join("; ")],
  ].map(([name, value]) => `      <property name="${xmlAttribute(name!)}" value="${xmlAttribute(value!)}"/>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="petstore-verify" tests="${byKind.size}" failures="${failing}" errors="0" time="${seconds}">`,
    `  <testsuite name="petstore-verify" tests="${byKind.size}" failures="${failing}" errors="0" skipped="${skipped}" time="${seconds}">`,
    "    <properties>",
    ...properties,
    "    </properties>",
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

const firstLine = (text: string) => text.split("\n")[0] ?? "";

/** Characters XML 1.0 cannot hold at all, escaped or not (a response body may carry them). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to replace
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML element content: the markup characters escaped, what XML cannot hold replaced by U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "\ufffd").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** Text as an attribute value in double quotes; line breaks and tabs kept as references (a parser would fold them). */
export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replaceAll('"', "&quot;")
    .replaceAll("\n", "&#10;")
    .replaceAll("\r", "&#13;")
    .replaceAll("\t", "&#9;");
}
