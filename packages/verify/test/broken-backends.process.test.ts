// petstore-verify finds things: run as a user runs it, against each broken backend of test/support
// (one broken rule each), it exits 1 with a finding of the check that the kind names. A run that
// reports nothing, or only other checks, fails the test with what it did report.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_API_KEY } from "@petstore/mock";
import { killStarted } from "@petstore/testing/process";
import { afterAll, beforeAll, describe, it } from "vitest";
import { brokenBackendKinds, type RunningBrokenBackend, startBrokenBackend } from "./support/broken-backends.js";
import { describeRun, readReport, runVerify } from "./support/run-verify.js";

/** One fixed seed, so a failure replays with the same sequence of calls. */
const SEED = 20261125;

describe.concurrent("petstore-verify against broken backends", () => {
  let reports: string;
  const started: RunningBrokenBackend[] = [];
  /** `kind: exit in seconds [checks found]`, one per run, for the summary line. */
  const runs: string[] = [];
  let anyFailed = false;

  beforeAll(async () => {
    reports = await mkdtemp(join(tmpdir(), "petstore-verify-broken-"));
  });
  afterAll(async () => {
    killStarted();
    await Promise.all(started.map((backend) => backend.close()));
    await rm(reports, { recursive: true, force: true });
    if (anyFailed) {
      // Quiet when everything passes; on a failure, one line with every run's outcome and time.
      console.error(`petstore-verify --seed ${SEED} against broken backends: ${runs.join("; ")}`);
    }
  });

  for (const kind of brokenBackendKinds) {
    it(`reports ${kind.name} as ${kind.caughtBy.join(" or ")}`, async ({ expect, onTestFailed }) => {
      onTestFailed(() => {
        anyFailed = true;
      });
      const backend = await startBrokenBackend(kind);
      started.push(backend);
      const reportFile = join(reports, `${kind.name}.json`);
      const run = await runVerify([
        ...["--base-url", backend.url, "--api-key", DEMO_API_KEY],
        ...["--rate", "1000", "--seed", String(SEED), "--json", reportFile],
      ]);
      const outcome = `${kind.name}: exit ${run.code ?? run.signal} in ${(run.ms / 1000).toFixed(1)} s`;
      runs.push(outcome);
      expect(run.code, `${kind.name} breaks "${kind.breaks}"; ${describeRun(run)}`).toBe(1);

      const checks = [...new Set((await readReport(reportFile)).findings.map((finding) => finding.check))];
      runs[runs.indexOf(outcome)] = `${outcome} [${checks.join(", ")}]`;
      const caught = checks.filter((check) => (kind.caughtBy as readonly string[]).includes(check));
      expect(
        caught,
        `${kind.name} breaks "${kind.breaks}": expected a finding of ${kind.caughtBy.join(" or ")}, got ${checks.join(", ") || "none"}`,
      ).not.toEqual([]);
    });
  }
});
