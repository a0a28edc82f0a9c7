// One run against a backend with three independent defects reports all three, each once with the
// calls that reproduce it, and its ledger lists every write the backend accepted.
import { DEMO_API_KEY } from "@petstore/mock";
import { afterAll, describe, expect, it } from "vitest";
import { type VerifyReport, verify } from "../src/index.js";
import { redactKey } from "../src/report/redact.js";
import {
  brokenBackendFetch,
  brokenBackendKind,
  type RunningBrokenBackend,
  startBrokenBackend,
} from "./support/broken-backends.js";
import { passengers } from "./support/repro-bash.js";

const DEFECTS = ["stock-not-taken", "paging-skips-record", "no-key-accepted"].map(brokenBackendKind);

describe("a backend with three defects", () => {
  let report: VerifyReport;
  /** Every write the backend accepted (2xx), as `METHOD /path`, seen on the way in. */
  const accepted: string[] = [];

  it("is reported whole in one run: exactly one finding for each defect", async () => {
    const backend = await brokenBackendFetch(...DEFECTS);
    const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const response = await backend.fetch(request);
      if (request.method !== "GET" && response.status >= 200 && response.status < 300) {
        const created = response.status === 201 ? response.headers.get("location") : null;
        accepted.push(`${request.method} ${new URL(created ?? request.url).pathname}`);
      }
      return response;
    }) as typeof fetch;
    report = await verify({
      baseUrl: backend.baseUrl,
      apiKey: DEMO_API_KEY,
      rate: 1_000_000,
      seed: 11,
      fetch: counting,
    });

    const checks = report.findings.map((finding) => finding.check);
    for (const defect of DEFECTS) {
      expect(
        checks.filter((check) => defect.caughtBy.includes(check)),
        `${defect.name} (${defect.breaks}) among ${checks.join(", ")}`,
      ).not.toEqual([]);
    }
    // One finding per defect: the symptoms of each (a page short and its count, the key accepted by reads
    // and writes, the stock and the pet left available) fold into its first finding.
    expect(checks, report.findings.map((finding) => `${finding.check} in ${finding.where}`).join("; ")).toHaveLength(3);
    // Each rule and place once, however often the run met it.
    const groups = report.findings.map((finding) => `${finding.check} in ${finding.where}`);
    expect(new Set(groups).size).toBe(groups.length);
    expect(report.checks.failed).toBe(report.findings.reduce((sum, finding) => sum + finding.occurrences, 0));
  }, 120_000);

  it("shows each finding with its reproduction: the request that broke ends the steps", () => {
    for (const finding of report.findings) {
      const last = finding.steps.at(-1);
      expect(last, finding.message).toBeDefined();
      expect(finding.request.startsWith(`${last!.method} `), finding.message).toBe(true);
      expect(finding.expected, finding.message).not.toBe(finding.received);
      // No reads of the whole state around the calls: the tour's reproduction is its calls alone.
      if (finding.foundBy === "tour" && finding.where !== "the state read back") {
        expect(finding.steps.length, finding.message).toBeLessThan(40);
      }
    }
    const auth = report.findings.find((finding) => finding.check === "model.auth");
    expect(auth?.where).toMatch(/without a valid key/);
    expect(auth?.steps.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("shows each defect with curl lines that run in bash against the backend, each of them needed", async () => {
    const backend = await startBrokenBackend(...DEFECTS);
    afterAll(() => backend.close());
    for (const finding of redactKey(report, DEMO_API_KEY).findings) {
      const tried = await passengers(finding, backend as RunningBrokenBackend);
      expect({ shows: tried.shows, needless: tried.needless }, `${finding.check} in ${finding.where}`).toEqual({
        shows: true,
        needless: [],
      });
    }
  }, 60_000);

  it("lists every write the backend accepted in the ledger, and what is gone again", () => {
    const ledger = new Map(report.ledger.map((entry) => [entry.path, entry]));
    for (const write of accepted) {
      const [method, path] = write.split(" ") as [string, string];
      const entry = ledger.get(path.replace(/^\/store\/inventory\//, "/pets/"));
      expect(entry, write).toBeDefined();
      if (method === "POST") {
        expect(entry!.created, write).toBe(true);
      } else if (method === "DELETE") {
        expect(entry!.deleted, write).toBe(true);
      } else {
        expect(entry!.changes, write).toBeGreaterThan(0);
      }
    }
    const created = report.ledger.filter((entry) => entry.created);
    expect(created.length).toBe(accepted.filter((write) => write.startsWith("POST ")).length);
    // What is not deleted again is a leftover, with its reason; the run wrote to nothing it did not create.
    expect(
      created
        .filter((entry) => !entry.deleted)
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(report.leftovers.map((leftover) => leftover.path).sort());
    expect(report.ledger.filter((entry) => !entry.created)).toEqual([]);
  });
});
