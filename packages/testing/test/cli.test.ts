import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterEach, expect, it } from "vitest";

afterEach(killStarted);

// From source, so that these tests need no build of the mock.
const fromSource = { from: "source" } as const;

it("starts petstore-mock on 127.0.0.1 and a free port, and stops it with SIGTERM", async () => {
  const cli = await startCli(["--empty"], fromSource);
  expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(cli.url).not.toMatch(/:4010$/);
  expect((await fetch(`${cli.url}/pets`, { headers: { Authorization: "Bearer petstore-demo-key" } })).status).toBe(200);
  expect(await cli.stop()).toEqual({ code: 0, signal: null });
});

it("names the exit code and stderr when petstore-mock ends before its ready line", async () => {
  await expect(startCli(["--bogus"], fromSource)).rejects.toThrow(
    /^petstore-mock --port 0 --bogus exited with code 2 before it printed \/listening on .*\nstderr: petstore-mock: Unknown option '--bogus'/,
  );
});

it("reports the memory of the process through the probe", async () => {
  const cli = await startCli(["--empty"], { ...fromSource, memoryProbe: true });
  expect(await cli.memory()).toMatchObject({ rss: expect.any(Number), heapUsed: expect.any(Number) });
  await expect((await startCli(["--empty"], fromSource)).memory()).rejects.toThrow("without memoryProbe");
});

it("runs petstore-mock to its end with Node arguments first", async () => {
  const run = await runCli(["--version"], { ...fromSource, nodeArgs: ["--no-warnings"] });
  expect(run).toMatchObject({ code: 0, stderr: "" });
  expect(run.stdout).toMatch(/^petstore-mock \d+\.\d+\.\d+ \(Petstore API \d+\.\d+\.\d+\)\n$/);
});
