// petstore-verify finds things, run as a user runs it (the built CLI, over real sockets): against a
// backend with three independent defects it exits 1 and reports all three in one run, each with the
// calls that reproduce it, and lists every write in its ledger; against the same proxy breaking
// nothing it exits 0. Every single-defect backend, on ten seeds each, is in broken-backends.seeds.test.ts
// (in process: the same verify() the CLI runs).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_API_KEY } from "@petstore/mock";
import { killStarted } from "@petstore/testing/process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenBackendKind, type RunningBrokenBackend, startBrokenBackend } from "./support/broken-backends.js";
import { describeRun, readReport, runVerify } from "./support/run-verify.js";

/** One fixed seed, so a failure replays with the same sequence of calls. */
const SEED = 20261127;
const DEFECTS = ["cancel-keeps-stock", "paging-skips-record", "writes-unauthenticated"].map(brokenBackendKind);

describe.concurrent("petstore-verify against broken backends", () => {
  let reports: string;
  const started: RunningBrokenBackend[] = [];

  beforeAll(async () => {
    reports = await mkdtemp(join(tmpdir(), "petstore-verify-broken-"));
  });
  afterAll(async () => {
    killStarted();
    await Promise.all(started.map((backend) => backend.close()));
    await rm(reports, { recursive: true, force: true });
  });

  async function verifyAgainst(name: string, ...kinds: typeof DEFECTS) {
    const backend = await startBrokenBackend(...kinds);
    started.push(backend);
    const reportFile = join(reports, `${name}.json`);
    const run = await runVerify([
      ...["--base-url", backend.url, "--api-key", DEMO_API_KEY],
      ...["--rate", "1000", "--seed", String(SEED), "--json", reportFile],
    ]);
    return { run, report: run.code === 2 ? undefined : await readReport(reportFile) };
  }

  it("reports three independent defects in one run, each with its reproduction, and every write", async () => {
    const { run, report } = await verifyAgainst("three-defects", ...DEFECTS);
    expect(run.code, describeRun(run)).toBe(1);
    const checks = report!.findings.map((finding) => finding.check);
    for (const defect of DEFECTS) {
      expect(
        checks.filter((check) => defect.caughtBy.includes(check)),
        `${defect.name} (${defect.breaks}) among ${checks.join(", ")}`,
      ).not.toEqual([]);
    }
    for (const [index, finding] of report!.findings.entries()) {
      expect(run.stdout).toContain(
        `Finding ${index + 1} of ${report!.findings.length}: ${finding.check} in ${finding.where}`,
      );
      expect(finding.steps.length, finding.message).toBeGreaterThan(0);
    }
    // Every record it created is in the ledger, and gone again unless it is a leftover.
    const created = report!.ledger.filter((entry) => entry.created);
    expect(created.length).toBeGreaterThan(0);
    expect(
      created
        .filter((entry) => !entry.deleted)
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(report!.leftovers.map((leftover) => leftover.path).sort());
    expect(run.stdout).toMatch(/^ {2}writes {6}\d+ record\(s\), every record it created is deleted again/m);
  });

  it("exits 0 against the same proxy breaking nothing, having called every operation", async () => {
    const { run, report } = await verifyAgainst("intact");
    expect(run.code, describeRun(run)).toBe(0);
    expect(report!.operationsNotCovered).toEqual([]);
    expect(run.stdout).toContain("  operations  20 of 20 covered\n");
  });
});
