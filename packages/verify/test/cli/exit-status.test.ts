import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CannotRun } from "../../src/report.js";
import { runMain } from "../support/main-harness.js";
import { FIXTURE_KEY, reportWith } from "../support/report-fixture.js";

const ARGV = ["--base-url", "http://127.0.0.1:4010", "--api-key", FIXTURE_KEY, "--seed", "123"];
const folder = mkdtempSync(join(tmpdir(), "petstore-verify-exit-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("petstore-verify's exit status", () => {
  it("is 0 when nothing is found, after the seed line and the summary", async () => {
    const { status, stdout } = await runMain(ARGV, async () => reportWith({ findings: [] }));
    expect(status).toBe(0);
    expect(stdout.split("\n")[0]).toBe("seed 123: replay with --seed 123");
    expect(stdout).toContain("requests    3 (GET 2, POST 1)");
    expect(stdout).toContain("operations  2 of 3 covered (not called: listPets)");
    expect(stdout).toContain("findings    none");
  });

  it("is 1 when the report has findings, each printed after the summary", async () => {
    const { status, stdout } = await runMain(ARGV, async () => reportWith());
    expect(status).toBe(1);
    expect(stdout.indexOf("checks      40 run, 1 failed")).toBeLessThan(
      stdout.indexOf("Finding 1 of 1: document.status"),
    );
    expect(stdout).not.toContain(FIXTURE_KEY);
  });

  it("is 2 with the runner's one-line reason when it cannot run", async () => {
    const { status, stderr } = await runMain(ARGV, async () => {
      throw new CannotRun("http://127.0.0.1:4010 refused the key: GET /pets answered 401");
    });
    expect(status).toBe(2);
    expect(stderr).toBe("petstore-verify: http://127.0.0.1:4010 refused the key: GET /pets answered 401\n");
  });

  it("is 2, not 1, when the run fails for any other reason: a fault of the tool is no finding", async () => {
    const { status, stderr } = await runMain(ARGV, async () => {
      throw new TypeError("cannot read properties of undefined");
    });
    expect(status).toBe(2);
    expect(stderr).toBe("petstore-verify: stopped by an unexpected error: cannot read properties of undefined\n");
  });

  it("prints the runner's progress lines on stderr", async () => {
    const { stderr } = await runMain(ARGV, async ({ onProgress }) => {
      onProgress?.("12 of 100 steps");
      return reportWith({ findings: [] });
    });
    expect(stderr).toBe("12 of 100 steps\n");
  });

  it("is 2 before the run when a report file cannot be written, naming the flag and the file", async () => {
    const missing = join(folder, "no-such-folder", "verify.xml");
    const { status, stderr, ranWith } = await runMain([...ARGV, "--junit", missing], async () => reportWith());
    expect(status).toBe(2);
    expect(stderr).toBe(
      `petstore-verify: --junit ${missing}: cannot be written (the folder ${join(folder, "no-such-folder")} does not exist)\n`,
    );
    expect(ranWith).toBeUndefined();
  });

  it("refuses a folder as a report file", async () => {
    const { status, stderr } = await runMain([...ARGV, "--json", folder], async () => reportWith());
    expect(status).toBe(2);
    expect(stderr).toContain(`--json ${folder}: is a directory`);
  });

  it("writes --json and --junit after the run, the key redacted, and keeps the exit status of the findings", async () => {
    const json = join(folder, "report.json");
    const junit = join(folder, "report.xml");
    const { status } = await runMain([...ARGV, "--json", json, "--junit", junit], async () => reportWith());
    expect(status).toBe(1);
    expect(JSON.parse(readFileSync(json, "utf8")).findings).toHaveLength(1);
    expect(readFileSync(junit, "utf8")).toContain('<testsuite name="petstore-verify"');
    expect(readFileSync(json, "utf8") + readFileSync(junit, "utf8")).not.toContain(FIXTURE_KEY);
  });

  it("answers --help and --version with status 0 and no run", async () => {
    const help = await runMain(["--help"], async () => reportWith());
    const version = await runMain(["--version"], async () => reportWith());
    expect(help).toMatchObject({ status: 0, ranWith: undefined });
    expect(help.stdout).toMatch(/Exit status:\n {2}0 .*\n {2}1 .*\n {2}2 /);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^petstore-verify \d+\.\d+\.\d+\S* \(Petstore API \d+\.\d+\.\d+\)\n$/);
  });
});
