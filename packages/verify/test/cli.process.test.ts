// The petstore-verify CLI as a user runs it: against a real petstore-mock process it finds nothing
// with default settings, in time; `--read-only` writes nothing; and a run that cannot run (a refused
// key, nothing listening, a bad flag) exits 2 with one line that says why.
import { DEMO_API_KEY } from "@petstore/mock";
import { killStarted, startCli } from "@petstore/testing/cli";
import { closedPort } from "@petstore/testing/ports";
import { afterAll, describe, expect, it } from "vitest";
import { apiAt, readAll } from "./support/api.js";
import { describeRun, runVerify } from "./support/run-verify.js";

afterAll(killStarted);

/** Every record a client can read: the whole state of the backend, as the API shows it. */
async function readEverything(baseUrl: string) {
  const api = apiAt(baseUrl);
  return {
    pets: await readAll(api, "/pets"),
    categories: await readAll(api, "/categories"),
    orders: await readAll(api, "/store/orders"),
    inventory: await readAll(api, "/store/inventory"),
  };
}

/** A line of `text` that matches every pattern, for a one-line reason. */
const lineMatching = (text: string, ...patterns: RegExp[]) =>
  text.split("\n").find((line) => patterns.every((pattern) => pattern.test(line)));

describe("petstore-verify CLI", () => {
  // How long a default run takes is measured by the bench (`pnpm bench`), not asserted here.
  it("finds nothing in petstore-mock with default settings, and says what it did", async () => {
    const mock = await startCli(["--log"]);
    const run = await runVerify(["--base-url", mock.url, "--api-key", DEMO_API_KEY]);
    expect(run.code, describeRun(run)).toBe(0);
    // The summary names what the run covered: its requests, the operations it called and its checks.
    expect(run.stdout).toMatch(/^ {2}requests +\d+ \(GET \d+, POST \d+/m);
    expect(run.stdout).toMatch(/^ {2}operations +\d+ of \d+ covered/m);
    expect(run.stdout).toMatch(/^ {2}checks +\d+ run, 0 failed$/m);
    expect(run.stdout).toMatch(/^ {2}findings +none/m);
    await mock.stop();
  });

  it("writes nothing with --read-only: no write in the mock's log, every record as it was", async () => {
    const mock = await startCli(["--log", "--seed", "30"]);
    const before = await readEverything(mock.url);
    const logBefore = mock.output().stdout.length;
    const run = await runVerify(["--base-url", mock.url, "--api-key", DEMO_API_KEY, "--read-only", "--rate", "1000"]);
    expect(run.code, describeRun(run)).toBe(0);
    const log = mock.output().stdout.slice(logBefore);
    // The log is on (the run's reads are in it), so the absence of writes means something.
    expect(log).toMatch(/^GET \/pets/m);
    expect(log.match(/^(POST|PUT|PATCH|DELETE) .*$/gm) ?? []).toEqual([]);
    expect(await readEverything(mock.url)).toEqual(before);
    await mock.stop();
  });

  it("exits 2 and says the key was refused when the backend refuses it", async () => {
    const mock = await startCli([]);
    const run = await runVerify(["--base-url", mock.url, "--api-key", "wrong"], { timeoutMs: 30_000 });
    expect(run.code, describeRun(run)).toBe(2);
    expect(
      lineMatching(`${run.stderr}\n${run.stdout}`, /key/i, /refused|rejected|not accepted|401/i),
      describeRun(run),
    ).toBeDefined();
    await mock.stop();
  });

  it("exits 2 and names the URL when nothing listens there", async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const run = await runVerify(["--base-url", baseUrl, "--api-key", DEMO_API_KEY], { timeoutMs: 30_000 });
    expect(run.code, describeRun(run)).toBe(2);
    expect(
      lineMatching(`${run.stderr}\n${run.stdout}`, new RegExp(baseUrl.replaceAll(".", "\\."))),
      describeRun(run),
    ).toBeDefined();
  });

  it("exits 2 and names a flag it does not know", async () => {
    const args = ["--base-url", "http://127.0.0.1:4010", "--api-key", DEMO_API_KEY, "--no-such-flag"];
    const run = await runVerify(args, { timeoutMs: 30_000 });
    expect(run.code, describeRun(run)).toBe(2);
    expect(lineMatching(`${run.stderr}\n${run.stdout}`, /--no-such-flag/), describeRun(run)).toBeDefined();
  });
});
