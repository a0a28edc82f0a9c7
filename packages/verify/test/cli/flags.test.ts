import { describe, expect, it } from "vitest";
import { parseFlags } from "../../src/cli/flags.js";
import { runMain } from "../support/main-harness.js";
import { reportWith } from "../support/report-fixture.js";

const REQUIRED = ["--base-url", "http://127.0.0.1:4010", "--api-key", "k"];
const neverRuns = () => Promise.reject(new Error("the run should not start"));

describe("petstore-verify's flags", () => {
  it.each([
    [["--stpes", "3"], "--stpes"],
    [["--steps"], "--steps"],
    [["--steps", "0"], "--steps"],
    [["--steps", "-1"], "--steps"],
    [["--steps", "1.5"], "--steps"],
    [["--seed", "abc"], "--seed"],
    [["--seed", String(2 ** 31)], "--seed"],
    [["--rate", "0"], "--rate"],
    [["--rate", "fast"], "--rate"],
    [["--time-limit", "-5"], "--time-limit"],
    [["--time-limit", "Infinity"], "--time-limit"],
    [["--json", ""], "--json"],
    [["--read-only=yes"], "--read-only"],
    [["positional"], "positional"],
  ])("refuses %j with exit status 2 and one line naming %s", async (extra, named) => {
    const { status, stderr, ranWith } = await runMain([...REQUIRED, ...extra], neverRuns);
    expect(status).toBe(2);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toContain(named);
    expect(ranWith).toBeUndefined();
  });

  it.each([
    [["--api-key", "k"], "--base-url"],
    [["--base-url", "ftp://example.com", "--api-key", "k"], "--base-url"],
    [["--base-url", "not a url", "--api-key", "k"], "--base-url"],
    [["--base-url", "http://example.com/?debug=1", "--api-key", "k"], "--base-url"],
    [["--base-url", "http://example.com"], "--api-key"],
    [["--base-url", "http://example.com", "--api-key", "has space"], "--api-key"],
  ])("refuses %j, naming %s", async (argv, named) => {
    const { status, stderr } = await runMain(argv, neverRuns);
    expect(status).toBe(2);
    expect(stderr).toMatch(new RegExp(`^petstore-verify: .*${named}.*\\n$`));
  });

  it("never echoes a refused key", async () => {
    const { stderr } = await runMain(["--base-url", "http://example.com", "--api-key", "almost secret"], neverRuns);
    expect(stderr).not.toContain("almost secret");
  });

  it("refuses --json and --junit naming the same file", async () => {
    const { status, stderr } = await runMain([...REQUIRED, "--json", "out", "--junit", "out"], neverRuns);
    expect(status).toBe(2);
    expect(stderr).toContain("--json and --junit");
  });

  it("takes the key from PETSTORE_API_KEY when --api-key is not given, and the flag over it", () => {
    const fromEnvironment = parseFlags(["--base-url", "http://h"], { PETSTORE_API_KEY: "env-key" });
    const fromFlag = parseFlags(["--base-url", "http://h", "--api-key", "flag-key"], { PETSTORE_API_KEY: "env-key" });
    expect(fromEnvironment.kind === "run" && fromEnvironment.options.apiKey).toBe("env-key");
    expect(fromFlag.kind === "run" && fromFlag.options.apiKey).toBe("flag-key");
  });

  it("passes every bound to the run, in the runner's units", async () => {
    const argv = [...REQUIRED, "--steps", "50", "--seed", "7", "--read-only", "--rate", "2.5", "--time-limit", "30"];
    const { ranWith } = await runMain(argv, async () => reportWith({ findings: [] }));
    expect(ranWith).toMatchObject({
      baseUrl: "http://127.0.0.1:4010",
      apiKey: "k",
      steps: 50,
      seed: 7,
      readOnly: true,
      rate: 2.5,
      timeLimitMs: 30_000,
    });
  });

  it("leaves the runner's defaults alone, and picks a seed it prints first", async () => {
    const { ranWith, stdout } = await runMain(REQUIRED, async () => reportWith({ findings: [] }));
    expect(ranWith).not.toHaveProperty("steps");
    expect(ranWith).not.toHaveProperty("rate");
    expect(ranWith).not.toHaveProperty("timeLimitMs");
    expect(stdout.split("\n")[0]).toBe(`seed ${ranWith?.seed}: replay with --seed ${ranWith?.seed}`);
  });

  it("drops a trailing slash of --base-url (paths are appended to it)", () => {
    const request = parseFlags(["--base-url", "https://staging.example.com/api/", "--api-key", "k"], {});
    expect(request.kind === "run" && request.options.baseUrl).toBe("https://staging.example.com/api");
  });
});
