// Global set-up of the conformance project: collects the counters each test file leaves and prints
// one summary at the end: requests tried, operations covered, violations found.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
    const covered = new Set(files.flatMap((file) => file.operations));
    const sum = (pick: (file: StatsFile) => number) => files.reduce((total, file) => total + pick(file), 0);
    const documented = operations.map((operation) => operation.operationId);
    const missing = documented.filter((operationId) => !covered.has(operationId));
    // A passing run stays short: the totals, and what was not reached.
    const lines = [
      "",
      "── Petstore conformance summary ─────────────────────────────────────────────",
      `  requests tried:      ${sum((file) => file.requests)}`,
      `  responses checked:   ${sum((file) => file.checked)} (against openapi/petstore.yaml)`,
      `  operations covered:  ${documented.length - missing.length}/${documented.length}${missing.length ? ` (missing: ${missing.join(", ")})` : ""}`,
      `  violations found:    ${sum((file) => file.violations)}`,
      `  wall time:           ${((performance.now() - started) / 1000).toFixed(1)} s in ${files.length} files`,
      "─────────────────────────────────────────────────────────────────────────────",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  };
}
