// Global set-up of the conformance project: collects the counters each test file leaves and prints
// one summary at the end: requests tried, operations covered, violations found.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { operations } from "@petstore/contract";
import type { TestProject } from "vitest/node";
import type { StatsFile } from "./stats.js";

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "petstore-conformance-"));
  project.provide("conformanceStatsDir", dir);
  const started = performance.now();

  return () => {
    const files = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as StatsFile);
    rmSync(dir, { recursive: true, force: true });
    const outcomes = new Map<string, number>();
    for (const file of files) {
      for (const [key, count] of Object.entries(file.outcomes)) {
        outcomes.set(key, (outcomes.get(key) ?? 0) + count);
      }
    }
    const covered = new Set([...outcomes.keys()].map((key) => key.slice(0, key.lastIndexOf(" "))));
    const sum = (pick: (file: StatsFile) => number) => files.reduce((total, file) => total + pick(file), 0);
    const documented = operations.map((operation) => operation.operationId);
    const missing = documented.filter((operationId) => !covered.has(operationId));
    const statuses = (operationId: string) =>
      [...outcomes]
        .filter(([key]) => key.startsWith(`${operationId} `))
        .map(([key, count]) => `${key.slice(key.lastIndexOf(" ") + 1)}×${count}`)
        .sort()
        .join(" ");
    const lines = [
      "",
      "── Petstore conformance summary ─────────────────────────────────────────────",
      `  requests tried:      ${sum((file) => file.requests)}`,
      `  responses checked:   ${sum((file) => file.checked)} (against openapi/petstore.yaml)`,
      `  operations covered:  ${documented.length - missing.length}/${documented.length}${missing.length ? ` (missing: ${missing.join(", ")})` : ""}`,
      `  violations found:    ${sum((file) => file.violations)}`,
      `  wall time:           ${((performance.now() - started) / 1000).toFixed(1)} s`,
      "  per file:",
      ...files
        .sort((a, b) => a.file.localeCompare(b.file))
        .map(
          (file) =>
            `    ${relative(process.cwd(), file.file).padEnd(48)} ${String(file.requests).padStart(6)} requests, ${String(file.checked).padStart(6)} checked, ${file.violations} violations`,
        ),
      "  statuses per operation:",
      ...[...documented, "(unknown route)"].map(
        (operationId) => `    ${operationId.padEnd(20)} ${statuses(operationId) || "-"}`,
      ),
      "─────────────────────────────────────────────────────────────────────────────",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  };
}
