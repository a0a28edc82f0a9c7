// One defect is one finding, and the defects a run sees only when it reads each record back through
// each read, or each filter value alone, are caught on every seed (the tour does it, whatever the seed).
import { DEMO_API_KEY } from "@petstore/mock";
import { afterAll, describe, expect, it } from "vitest";
import type { VerifyReport } from "../src/index.js";
import { renderText } from "../src/report/text.js";
import { cleanUp } from "../src/run/cleanup.js";
import { runRandom } from "../src/run/random.js";
import { startRun } from "../src/verify.js";
import {
  type BrokenBackendKind,
  brokenBackendFetch,
  brokenBackendKinds,
  verifyBroken,
} from "./support/broken-backends.js";
import { preciseKinds } from "./support/precise-kinds.js";
import { reproductionsInBash } from "./support/repro-bash.js";

/** A precise kind, or a kind of the seed sweeps whose defect several checks can see. */
const kindNamed = (name: string): BrokenBackendKind =>
  [...preciseKinds, ...brokenBackendKinds].find((kind) => kind.name === name) ??
  (() => {
    throw new Error(`no broken backend kind ${name}`);
  })();

const run = (kind: string, options: { seed: number; steps?: number }): Promise<VerifyReport> =>
  verifyBroken([kindNamed(kind)], options);

const reproductions = reproductionsInBash();
afterAll(() => reproductions.close());

/**
 * Each finding's curl lines, run in bash against the kind's backend over HTTP, show the defect (the last
 * answer differs from the right mock's), and no call can be left out with the defect still showing.
 */
async function expectMinimalReproductions(kind: string, report: Pick<VerifyReport, "findings">): Promise<void> {
  for (const tried of await reproductions.tryAll(kindNamed(kind), report)) {
    expect({ shows: tried.shows, needless: tried.needless }, `${kind}: ${tried.finding}`).toEqual({
      shows: true,
      needless: [],
    });
  }
}

const groups = (report: VerifyReport) => report.findings.map((finding) => `${finding.check} in ${finding.where}`);

describe("one defect, one finding", () => {
  it("X-Total-Count one too high on GET /pets: one finding that names the count, seen as the checks it failed", async () => {
    const report = await run("total-count-plus-one", { seed: 7 });
    expect(groups(report)).toEqual(["model.paging in listPets"]);
    const [finding] = report.findings;
    expect(finding!.message).toMatch(/X-Total-Count is (\d+); the list holds (\d+) record/);
    expect(finding!.seenAs?.length).toBeGreaterThan(0);
    expect(finding!.occurrences).toBeGreaterThan(1);
    const text = renderText(report, DEMO_API_KEY);
    expect(text).toContain("  findings    1\n");
    expect(text).toContain(`  seen as   ${finding!.seenAs!.join(", ")}`);
    await expectMinimalReproductions("total-count-plus-one", report);
  }, 60_000);

  it("a wrong WWW-Authenticate on every 401: one finding, seen in every operation that answered 401", async () => {
    const report = await run("www-authenticate-wrong", { seed: 8 });
    expect(report.findings.map((finding) => finding.check)).toEqual(["document.header"]);
    expect(report.findings[0]!.received).toMatch(/^WWW-Authenticate: Basic/);
    expect(report.findings[0]!.seenAs?.length).toBeGreaterThanOrEqual(5);
    await expectMinimalReproductions("www-authenticate-wrong", report);
  }, 60_000);

  it("a category write that renames a pet, undeclared: one finding that names the field changed, seen as the records it left", async () => {
    const report = await run("x-affects-undeclared", { seed: 9 });
    expect(groups(report)).toEqual([expect.stringMatching(/^x-affects in \w+Category$/)]);
    const [finding] = report.findings;
    expect(finding!.message).toMatch(/^pets\.name changed, undeclared: \w+Category \(/);
    expect(finding!.seenAs).toEqual(expect.arrayContaining([expect.stringMatching(/^model\.record in /)]));
    // The calls that make the records, the write, then the read it changed: none of the check's other reads around it.
    expect(finding!.request).toMatch(/^GET \/pets/);
    expect(finding!.steps.filter((step) => step.method === "GET")).toHaveLength(1);
    await expectMinimalReproductions("x-affects-undeclared", report);
  }, 60_000);

  // Folding by fact is no folding by place: two defects seen in the same reads stay two findings.
  it.each([
    // An entry's status wrong everywhere (a record's field), and the pending filter wrong (the filter).
    [
      ["inventory-status-wrong", "inventory-filter-wrong-for-pending"],
      ["model.record in listInventory", "model.list-filter in listInventory"],
    ],
    // Writes need no key; reads and writes take an empty bearer: a key accepted in no way both share.
    [
      ["writes-unauthenticated", "empty-bearer-accepted"],
      ["model.auth in reads without a valid key", "model.auth in writes without a valid key"],
    ],
  ])(
    "%j: one finding each",
    async (kinds, expected) => {
      const report = await verifyBroken(kinds.map(kindNamed), { seed: 1, steps: 1 });
      expect(groups(report)).toEqual(expected);
    },
    60_000,
  );
});

describe("read back and filtered value by value, on every seed", () => {
  // The tour is the same on every run: three seeds show the random part does not matter.
  const SEEDS = [3, 65_537, 2_147_483_647];

  it.each([
    ["inventory-kept-after-delete", "model.not-found in getInventoryItem"],
    ["inventory-filter-wrong-for-pending", "model.list-filter in listInventory"],
  ])(
    "%s: %s",
    async (kind, group) => {
      for (const seed of SEEDS) {
        expect(groups(await run(kind, { seed, steps: 5 })), `seed ${seed}`).toEqual([group]);
      }
    },
    60_000,
  );

  it("a description upper-cased by GET /categories/{id} only: caught with --steps 1", async () => {
    for (const seed of SEEDS) {
      const report = await run("category-by-id-mangled", { seed, steps: 1 });
      expect(groups(report), `seed ${seed}`).toEqual(["model.record in getCategory"]);
      expect(report.findings[0]!.request).toMatch(/^GET \/categories\/\d+$/);
      if (seed === SEEDS[0]) {
        await expectMinimalReproductions("category-by-id-mangled", report);
      }
    }
  }, 60_000);
});

describe("the random sequences check what the tour checks, the same way", () => {
  it("without the tour, they read back what a delete declares it ends (a deleted pet's inventory entry), shrunk by the tour's shrinker", async () => {
    const backend = await brokenBackendFetch(kindNamed("inventory-kept-after-delete"));
    const options = { baseUrl: backend.baseUrl, apiKey: DEMO_API_KEY, rate: 1_000_000, fetch: backend.fetch };
    const { run } = await startRun({ ...options, seed: 1, steps: 20 });
    await runRandom(run);
    await cleanUp(run.target, run.scope);
    const findings = run.findings.list();
    expect(findings.map((finding) => `${finding.check} in ${finding.where} (${finding.foundBy})`)).toEqual([
      "model.not-found in getInventoryItem (sequence)",
    ]);
    await expectMinimalReproductions("inventory-kept-after-delete", { findings });
  }, 60_000);
});

describe("the kinds of one class each, caught by the tour at --steps 1, with minimal reproductions", () => {
  // Each reproduction in bash, on the file's one backend: a page past the first alone, a read kept because
  // the stale read answers it again, a restock past the limit, an order of two.
  it.each([
    ["link-missing-on-second-page", "document.header in listPets"],
    ["category-by-id-stale", "model.record in getCategory"],
    ["stock-limit-not-enforced", "model.stock in updateInventoryItem"],
    ["order-of-two-takes-one", "model.stock in getInventoryItem"],
  ])(
    "%s: %s",
    async (kind, group) => {
      // The tour is the same on every seed (three seeds above prove it): one seed each.
      const report = await run(kind, { seed: 1, steps: 1 });
      expect(groups(report)).toEqual([group]);
      await expectMinimalReproductions(kind, report);
    },
    60_000, // a run and its reproductions in bash, as the file's other runs: about 3 s alone, past 5 on a loaded machine
  );
});
